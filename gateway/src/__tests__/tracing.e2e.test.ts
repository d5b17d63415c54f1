// Traces through the whole system (gateway, NATS, listings, PostgreSQL, the event stream), with the
// OpenTelemetry SDK's in-memory exporter (part of the SDK, not a mock) started as an app starts it
// when OTEL_* variables are set. Real gateway, auth and listings; real NATS, PostgreSQL and Redis.
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENT_TYPES, LISTINGS_PATTERNS, type PropertyPostInput, type PublicUser } from '@mboa/contracts';
import { initTracing, publishEvent, type RpcClient, type Tracing } from '@mboa/platform';
import { eventually, TEST_STAFF } from '@mboa/platform/testing';
import { rpcFor, signUp } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

const exporter = new InMemorySpanExporter();
let tracing: Tracing | undefined;
let system: TestSystem;
let rpc: RpcClient;
let nc: NatsConnection;
let owner: PublicUser;

beforeAll(async () => {
  tracing = await initTracing('mboa-test', { exporter });
  // Searches read PostgreSQL here (not the memory copy), so the trace of one reaches the database.
  system = await startTestSystem({ services: ['auth', 'listings'], env: { SEARCH_MEMORY: 'off' } });
  rpc = await rpcFor(system);
  nc = await connect({ servers: system.context.natsUrl });
  owner = (await signUp(system, 'landlord', { verified: true, name: 'Ebune Clarisse' })).user;
}, 120_000);

afterAll(async () => {
  await rpc?.close();
  await nc?.drain();
  await system?.stop();
  await tracing?.shutdown();
}, 120_000);

const spans = () => exporter.getFinishedSpans();
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const tree = (traceId: string) => spans().filter((s) => s.spanContext().traceId === traceId);


const post = (title: string) =>
  rpc.call(LISTINGS_PATTERNS.propertyCreate, {
    actor: { userId: owner.id, role: owner.role, isVerified: true },
    data: {
      category: 'residential',
      propertyType: 'apartment',
      title,
      description: 'Two bedrooms, water and electricity.',
      paymentTerm: 'monthly',
      price: 70_000,
      caution: 0,
      availability: 'available',
      location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko' },
      amenities: ['water'],
      specifications: { bedrooms: 2, toilets: 1, kitchens: 1, livingRooms: 1, size: 60 },
    } satisfies PropertyPostInput,
    images: [
      {
        large: { url: '/media/e2e/t.webp', key: 'e2e/t.webp', width: 1024, height: 683, bytes: 80000, mimeType: 'image/webp' },
        thumbnail: { url: '/media/e2e/t-t.webp', key: 'e2e/t-t.webp', width: 320, height: 213, bytes: 8000, mimeType: 'image/webp' },
        alt: 'Living room',
      },
    ],
  });

/** The spans of `traceId`, below `top` (by their parents). */
function under(top: ReadableSpan): ReadableSpan[] {
  const all = tree(top.spanContext().traceId);
  const below = new Set([top.spanContext().spanId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of all) {
      const parent = parentOf(s);
      if (parent && below.has(parent) && !below.has(s.spanContext().spanId)) {
        below.add(s.spanContext().spanId);
        grew = true;
      }
    }
  }
  return all.filter((s) => s !== top && below.has(s.spanContext().spanId));
}

/** Polls `probe` until it gives something (spans are exported as they end, some after the answer). */
async function until<T>(probe: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const isQuery = (s: ReadableSpan) => s.attributes['db.system.name'] === 'postgresql' || s.attributes['db.system'] === 'postgresql';

/** Plays moderation: a staff member's decision, recorded under a span of its own. */
async function approveUnderSpan(propertyId: string) {
  return trace.getTracer('test').startActiveSpan('moderation decides', async (span) => {
    await publishEvent(
      nc,
      { type: EVENT_TYPES.propertyApproved, payload: { propertyId, action: 'approve', feedback: '', reviewerId: TEST_STAFF.userId, decidedAt: new Date().toISOString() }, source: 'moderation' },
      { prefix: system.context.subjectPrefix },
    );
    span.end();
    return span.spanContext();
  });
}

const found = async (query: string) => ((await new Browser(system.url).get(`/api/properties/search?${query}`)).body.properties as unknown[]).length > 0;

test('an approval, its indexing and its saved-search alerts read as one story: each consumer links to the span that recorded its event', async () => {
  const p = await post('Traced flat in Molyko');
  exporter.reset();
  const decided = await approveUnderSpan(p.id);
  expect(await eventually(() => found('search=traced'), Boolean)).toBe(true);

  // Listings applies the decision in a consumer span linked to the decision.
  const approvals = await until(() => { const list = spans().filter((s) => s.name === `process ${EVENT_TYPES.propertyApproved}`); return list.length > 0 && list; });
  for (const applied of approvals) {
    expect(applied.kind).toBe(SpanKind.CONSUMER);
    expect(applied.links.map((l) => l.context.spanId)).toEqual([decided.spanId]);
    expect(applied.links[0].context.traceId).toBe(decided.traceId);
  }
  // The listing's own database work is under that span...
  const applying = approvals.find((s) => under(s).some((q) => isQuery(q) && String(q.name).startsWith('pg.query:UPDATE')));
  expect(applying).toBeDefined();
  // The review and the indexer both handle the decision.
  expect(approvals.length).toBeGreaterThanOrEqual(2);
  // ...and the property.published it recorded there reaches the saved-search alerts in a span linked back to it.
  const published = await until(() => spans().find((s) => s.kind === SpanKind.CONSUMER && s.links.some((l) => l.context.spanId === applying!.spanContext().spanId)));
  expect(published.name).toBe(`process ${EVENT_TYPES.propertyPublished}`);
  expect(String(published.attributes['messaging.consumer.group.name'])).toContain('saved-search-alerts');
  expect(published.links[0].context.traceId).toBe(applying!.spanContext().traceId);
  expect(under(published).some(isQuery)).toBe(true);
});

test("one search: the gateway's HTTP span, the NATS request and listings' handling with its PostgreSQL queries, in one trace", async () => {
  expect(await eventually(() => found('search=traced'), Boolean)).toBe(true);
  exporter.reset();
  // A query no earlier answer was kept for, so the gateway asks listings.
  const res = await new Browser(system.url).get('/api/properties/search?search=traced&town=Buea');
  expect(res.status).toBe(200);
  expect(res.body.properties.length).toBe(1);

  const http = await until(() => spans().find((s) => s.kind === SpanKind.SERVER && s.attributes['url.path'] === '/api/properties/search'));
  const inTrace = under(http);
  const send = inTrace.find((s) => s.name === `send ${LISTINGS_PATTERNS.propertySearch}`);
  const handled = inTrace.find((s) => s.name === `process ${LISTINGS_PATTERNS.propertySearch}`);
  expect(send?.kind).toBe(SpanKind.CLIENT);
  expect(parentOf(send!)).toBe(http.spanContext().spanId);
  expect(handled?.kind).toBe(SpanKind.SERVER);
  expect(parentOf(handled!)).toBe(send!.spanContext().spanId);
  expect(under(handled!).filter(isQuery).length).toBeGreaterThan(0);
  expect(http.attributes['http.response.status_code']).toBe(200);
  // Named by the route's template, as the metrics are.
  expect(http.name).toBe('GET /api/properties/search');
  expect(http.attributes['http.route']).toBe('/api/properties/search');
});

test('a failing call marks its span as an error: listings down, the search request over NATS and the HTTP answer fail', async () => {
  await system.stopService('listings');
  exporter.reset();
  const res = await new Browser(system.url).get('/api/properties/search?search=nobody-asked-this-before');
  expect(res.status).toBe(503);
  const http = await until(() => spans().find((s) => s.kind === SpanKind.SERVER && s.attributes['url.path'] === '/api/properties/search'));
  const send = under(http).find((s) => s.name === `send ${LISTINGS_PATTERNS.propertySearch}`);
  expect(send?.status.code).toBe(SpanStatusCode.ERROR);
  expect(http.status.code).toBe(SpanStatusCode.ERROR);
});
