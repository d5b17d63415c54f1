import { Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { PROPERTY_VIEWED_SUBJECT, type PropertyViewed, type PropertyViewer, type PublicUser } from '@mboa/contracts';
import { DeviceCookies } from '../auth/device-cookie.js';
import { Services } from '../rpc/rpc.provider.js';
import { clientRateKey } from '../security/client-address.js';

/**
 * Tells listings that someone was shown a listing's details page (docs/api.md#owner-insights), as
 * a plain NATS message published after the answer is ready, never awaited and never failing the
 * page: the details page is the busiest read. A signed-in person is their account (listings
 * leaves out the owner and staff); a browser with a valid device cookie is that device; anyone
 * else is a keyed hash of their address (a /64 for IPv6) and their browser's User-Agent, sent with
 * a keyed hash of the address alone so that listings caps how many such viewers one address adds
 * (a User-Agent is free to change). The address itself is never sent, and no cookie is set on the
 * page's answer.
 */
@Injectable()
export class ViewReports {
  private readonly logger = new Logger('gateway-views');
  /** Views not reported since the last warning: at 1,000 pages a second, one line a minute is enough. */
  private unreported = 0;
  private lastWarning = 0;

  constructor(
    private readonly services: Services,
    private readonly devices: DeviceCookies,
  ) {}

  report(req: Request, user: PublicUser | null, propertyId: string): void {
    // A prefetch (Sec-Purpose / Purpose: prefetch, e.g. an app keeping a listing for offline use) is nobody looking.
    if (/prefetch/i.test([req.headers['sec-purpose'], req.headers.purpose].flat().join(' '))) return;
    const viewedAt = new Date().toISOString();
    void this.viewerOf(req, user)
      .then((viewer) => {
        const message: PropertyViewed = { propertyId, viewer, viewedAt };
        this.services.proxy.emit(PROPERTY_VIEWED_SUBJECT, message).subscribe({ error: (error: unknown) => this.lost(error) });
      })
      .catch((error: unknown) => this.lost(error));
  }

  private async viewerOf(req: Request, user: PublicUser | null): Promise<PropertyViewer> {
    if (user) return { userId: user.id, role: user.role };
    const device = await this.devices.anyDevice(req);
    if (device) return { deviceKey: await this.devices.keyedHash('view-device-cookie', device) };
    const address = clientRateKey(req);
    const agent = req.headers['user-agent'] ?? '';
    const [deviceKey, addressKey] = await Promise.all([
      this.devices.keyedHash('view-device', `${address}|${agent}`),
      this.devices.keyedHash('view-address', address),
    ]);
    return { deviceKey, addressKey };
  }

  private lost(error: unknown): void {
    this.unreported++;
    if (Date.now() - this.lastWarning < 60_000) return;
    this.logger.warn(`${this.unreported} view(s) not reported: ${error instanceof Error ? error.message : String(error)}`);
    this.unreported = 0;
    this.lastWarning = Date.now();
  }
}
