import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { type Request, type Response } from 'express';
import helmet from 'helmet';
import { catalogueOf, LIMITS, MAP_TILES_DEFAULT, MESSAGES, type Language } from '@mboa/contracts';
import { createLogger, PinoLoggerService } from '@mboa/platform';
import { GatewayModule } from './app.module.js';
import type { GatewayConfig } from './config.js';
import { buildApiDocument } from './docs/openapi.js';
import { compressResponses } from './http/compression.js';
import { bodyParserErrors, ErrorFilter } from './http/error-filter.js';
import { answerInCallersLanguage } from './http/answer-language.js';
import { noStoreForSessions } from './http/no-store.js';
import { applyServerTimeouts, bodyIdleTimeout, DEFAULT_HTTP_TIMEOUTS } from './http/timeouts.js';
import { bodyFloor } from './http/body-floor.js';
import { finishWhatWasSent, IdempotentWrites } from './http/idempotency/index.js';
import { originCheck } from './security/origin-check.middleware.js';
import { mountSpa } from './static/static-apps.js';
import { tileImageSource } from './static/map-tiles.js';
import { mountSearchEngineFiles } from './seo/search-engines.js';
import { attachDrain, HttpDrain } from './observability/graceful-shutdown.js';
import { requestObservability } from './observability/request-observability.js';
import { serveMetricsOnInternalPort } from './observability/metrics-port.js';
import { routeChunks, webPages } from './static/page-preloads.js';
import { ServerRender } from './static/server-render.js';
import { Services } from './rpc/rpc.provider.js';
import { ViewReports } from './insights/view-reports.js';
import { PublicSearchAnswers } from './properties/public-search-answers.js';
import { SearchCounter } from './properties/search-counter.js';

export async function createGateway(config: GatewayConfig, options: { logger?: false } = {}): Promise<NestExpressApplication> {
  const logger = options.logger === false ? undefined : createLogger({ name: 'gateway', level: config.runtime?.logLevel ?? 'info' });
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), {
    bodyParser: false,
    logger: logger ? new PinoLoggerService(logger) : false,
  });
  // Slow or stalled clients (a Slowloris, a dead phone connection) never hold a socket for ever.
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...config.httpTimeouts };
  applyServerTimeouts(app.getHttpServer(), timeouts);
  finishWhatWasSent(app.getHttpServer());
  // Before anything else: the request id, latency and access line, and refusal while stopping.
  const mapTiles = config.mapTiles ?? MAP_TILES_DEFAULT;
  const drain = new HttpDrain();
  attachDrain(app, drain);
  app.use(requestObservability(logger));
  app.use(compressResponses());
  app.use(noStoreForSessions);
  // Before the body parser, so even its refusals leave in the caller's language.
  app.use(answerInCallersLanguage);
  app.use(bodyIdleTimeout(timeouts.bodyIdleMs));
  app.use(bodyFloor({ bytes: timeouts.bodyFloorBytes, windowMs: timeouts.bodyFloorWindowMs }));
  app.use(drain.middleware);
  // TRUST_PROXY: by default nobody's X-Forwarded-For counts, so req.ip is the socket's peer.
  app.set('trust proxy', config.trustProxy ?? false);
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The maps' tiles come from MAP_TILE_URL's host (gateway/src/static/map-tiles.ts).
          'img-src': ["'self'", 'data:', 'blob:', ...[tileImageSource(mapTiles.url)].filter((s): s is string => s !== null)],
          'connect-src': ["'self'"],
        },
      },
    }),
  );
  app.enableCors({ origin: config.allowedOrigins, credentials: true });
  app.use(cookieParser());
  app.use('/api', originCheck(config.allowedOrigins));
  // Before the body parsers: a write's fingerprint is taken from its bytes as they are read (docs/api.md#idempotency-key).
  app.use('/api', app.get(IdempotentWrites).middleware);
  app.use(express.json({ limit: LIMITS.http.jsonBodyLimit }));
  app.use(express.urlencoded({ extended: false, limit: LIMITS.http.jsonBodyLimit }));
  app.use(bodyParserErrors);
  app.useGlobalFilters(new ErrorFilter());

  const doc = buildApiDocument(app);
  SwaggerModule.setup('api/docs', app, doc, { jsonDocumentUrl: 'api/docs/openapi.json' });

  const server = app.getHttpAdapter().getInstance();
  // Metrics live on METRICS_PORT only; here /metrics is unknown, not a page of the web app.
  server.all('/metrics', (_req: Request, res: Response) => {
    res.status(404).json({ message: MESSAGES.common.routeNotFound });
  });
  mountSpa(server, '/admin', config.adminDist, 'Mboa Rentals admin', (language) => {
    const { adminTitle, adminNoscript } = catalogueOf(language).page;
    return { title: adminTitle, noscript: adminNoscript };
  }, undefined, mapTiles);
  const services = app.get(Services);
  const origin = config.allowedOrigins[0];
  // Before the web app's catch-all, which would answer these paths with its page.
  mountSearchEngineFiles(server, services, origin);
  const webTexts = (language: Language) => {
    const { webTitle, webDescription, webNoscript } = catalogueOf(language).page;
    return { title: webTitle, description: webDescription, noscript: webNoscript };
  };
  const views = app.get(ViewReports);
  const searches = app.get(PublicSearchAnswers);
  const searchCounter = app.get(SearchCounter);
  const render = new ServerRender(
    config.webDist,
    services,
    (req, propertyId) => views.report(req, null, propertyId),
    (query, total) => searchCounter.searched(query, total),
    searches,
    mapTiles,
  );
  mountSpa(server, '/', config.webDist, 'Mboa Rentals', webTexts, webPages(services, origin, routeChunks(config.webDist), render, searches), mapTiles);
  await app.init();
  await serveMetricsOnInternalPort(app, config);
  // After every route: unknown /api paths answer JSON, never an HTML page.
  server.use('/api', (_req: Request, res: Response) => {
    res.status(404).json({ message: MESSAGES.common.routeNotFound });
  });
  return app;
}
