import { MESSAGES } from '@mboa/contracts';
import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API calls sent by a browser from another site. The session cookie is
 * SameSite=Lax already; this also covers same-site subdomains and old browsers.
 * Calls without `Origin` (curl, server-to-server) carry no ambient browser credentials risk.
 */
export function originCheck(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    const badOrigin = origin !== undefined && origin !== 'null' ? !allowed.has(origin) : origin === 'null';
    if (badOrigin || (origin === undefined && fetchSite === 'cross-site')) {
      res.status(403).json({ message: MESSAGES.common.crossSiteRefused });
      return;
    }
    next();
  };
}
