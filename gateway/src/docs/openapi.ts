import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { DECORATORS, DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import { AdminOnly, SignedIn, SignedInAnyFactor } from '../auth/current-session.js';
import { componentSchemas, errorResponse, type ErrorStatus } from './api-answers.js';
import { documentIdempotencyKey } from '../http/idempotency/openapi.js';

/** The security scheme every operation behind `SignedIn` or `AdminOnly` names. */
export const COOKIE_AUTH = 'cookieAuth';

const BODY_METHODS = new Set<RequestMethod>([RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH]);

type Responses = Record<string, unknown>;

/** The route handlers of every controller the application mounted. */
function* routeHandlers(app: INestApplication): Generator<{ controller: Type; handler: object; method: RequestMethod }> {
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        yield { controller, handler, method: Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod };
      }
    }
  }
}

function guardsOf(controller: Type, handler: object): unknown[] {
  return [...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[]) ?? []), ...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]) ?? [])];
}

/**
 * What every operation may answer whatever its own logic, derived from how it is mounted rather
 * than listed by hand, so a new route is documented the moment it exists:
 * - behind `SignedIn` or `AdminOnly`: the session cookie (`cookieAuth`) and 401; `AdminOnly` also 403;
 * - with a body (POST, PUT, PATCH): 400 (not valid JSON), 403 (a request from another site) and
 *   413 (over 100 KB), from the body parser and the origin check in front of every route;
 * - every operation: 503 with `Retry-After` (a service not answering, or the gateway stopping);
 * - every write: the optional `Idempotency-Key` header, its 409 and 422 (docs/api.md#idempotency-key).
 * An operation that words one of these itself (`ApiAnswers` / `ApiResponse`) keeps its wording.
 */
export function documentRoutes(app: INestApplication): void {
  for (const { controller, handler, method } of routeHandlers(app)) {
    const guards = guardsOf(controller, handler);
    const admin = guards.includes(AdminOnly);
    const signedIn = admin || guards.includes(SignedIn) || guards.includes(SignedInAnyFactor);
    const responses: Responses = { ...((Reflect.getMetadata(DECORATORS.API_RESPONSE, handler) as Responses) ?? {}) };
    const add = (status: ErrorStatus, description?: string) => {
      if (!(String(status) in responses)) responses[status] = errorResponse(status, description);
    };
    if (signedIn) {
      const security = (Reflect.getMetadata(DECORATORS.API_SECURITY, handler) as Record<string, string[]>[] | undefined) ?? [];
      if (!security.some((s) => COOKIE_AUTH in s)) Reflect.defineMetadata(DECORATORS.API_SECURITY, [...security, { [COOKIE_AUTH]: [] }], handler);
      add(401);
      if (admin) add(403, 'Signed in but not an admin (`Admin access required.`), a staff session without its second factor (`code`), or a request from another site');
    }
    if (BODY_METHODS.has(method)) {
      add(400);
      add(403, 'A request from another site (`Requests from other sites are not allowed.`)');
      add(413);
    }
    add(503);
    documentIdempotencyKey(method, handler, responses);
    Reflect.defineMetadata(DECORATORS.API_RESPONSE, responses, handler);
  }
}

/** The OpenAPI document served at /api/docs/openapi.json (docs/api.md). */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  documentRoutes(app);
  const doc = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Mboa Rentals API')
      .setDescription(
        'The /api of the rental-property marketplace for Cameroon. Every answer is described by the zod schemas of ' +
          '@mboa/contracts; every error is `ErrorBody`. Status codes, sessions, visibility and limits: docs/api.md in the repository.',
      )
      .setVersion('1')
      .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by sign-up and login (HttpOnly); `__Host-mboa_session` when the site is served over HTTPS (docs/api.md#sessions-and-cookies)' }, COOKIE_AUTH)
      .build(),
  );
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...componentSchemas() } };
  return doc;
}
