// The search port on PostgreSQL (the default when MEILI_URL is unset): full-text search on a
// weighted tsvector, with typo tolerance from a trigram-indexed vocabulary of every indexed word.
//
// Ranking looks at which field matched (two small per-field vectors), not ts_rank over the whole
// document: ts_rank on tens of thousands of matches was the largest cost of a broad search.
//
// A search for "apartmnt doula" runs as: (1) each query word of 5+ letters is looked up in
// search_terms with the trigram operator `%` (GIN index) and the near words within its typo budget
// are kept; (2) the full-text index answers `(apartmnt | apartment) & (doula:* | douala)` (the last
// word is also a prefix, for search-as-you-type). Both steps use indexes, so the cost follows the
// number of matches, not the table size. Text is folded (lower case, no accents) in JS before it is
// stored or searched, hence the `simple` configuration and no `unaccent` in SQL.
//
// Every value from a caller travels as a bound parameter; only identifiers we own and placeholders
// ($n) are written into the SQL text.
import type { SearchDocument, SearchHit } from './search-document.js';
import { townKey } from './search-document.js';
import type { SearchSort } from '@mboa/contracts';
import type {
  NormalizedSearchQuery,
  SearchHealth,
  SearchIndex,
  SearchMapPoints,
  SearchQuery,
  SearchResult,
  SearchWordsRefreshPort,
} from './search-index.js';
import { normalizeSearchQuery, totalPagesFor, withDistances } from './search-index.js';
import { labelWordsOf } from './search-labels.js';
import { isTypoOf, queryWords, searchWords, typoBudget } from './search-text.js';
import { SEARCH_BATCH_SIZE, SEARCH_PAGE, SEARCH_TEXT, SEARCH_WORDS_REFRESH } from './search-constants.js';
import { WORDS_FINGERPRINT_KEY } from './search-fingerprint.js';
import { listingChecksOf } from '../rules/listing-checks.js';

/** The raw-SQL methods of a Prisma client (a PrismaClient fits as it is). */
export interface SqlClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
  /** Prisma's batch transaction: the statements, in order, on one connection. */
  $transaction(statements: PromiseLike<unknown>[]): PromiseLike<unknown[]>;
  /** Prisma's interactive transaction (holds the words refresh's advisory lock). */
  $transaction<R>(
    work: (tx: Pick<SqlClient, '$queryRawUnsafe'>) => Promise<R>,
    options?: { maxWait?: number; timeout?: number },
  ): Promise<R>;
}

export interface PostgresSearchIndexOptions {
  /** PostgreSQL schema of the listings tables; default "listings". */
  schema?: string;
  /** Called on close() (e.g. to disconnect a client made for this index). */
  onClose?: () => Promise<void>;
  /** Matches counted exactly up to this many; default SEARCH_PAGE.exactCountUpTo (tests lower it). */
  exactCountUpTo?: number;
}

interface DocumentRow {
  property_id: string;
  owner_id: string;
  title: string;
  description: string;
  category: string;
  property_type: string;
  payment_term: string;
  price: number;
  monthly_price: number;
  caution: number;
  country: string;
  town: string;
  neighbourhood: string;
  rooms: number | null;
  bedrooms: number | null;
  toilets: number | null;
  kitchens: number | null;
  living_rooms: number | null;
  size: number | null;
  distance_from_road: number | null;
  sections: number | null;
  amenities: string[];
  thumbnail_url: string | null;
  image_count: number;
  control_kind: string | null;
  area_lat: number | null;
  area_lng: number | null;
  created_at: Date | string;
  version: number;
  source_updated_at: Date | string;
  score?: number | null;
}

/** A row of a search statement: a card's document (all null on an empty page) and the capped match count. */
type PageRow = (DocumentRow & { matches: number }) | { property_id: null; matches: number };

function isCard(row: PageRow): row is DocumentRow & { matches: number } {
  return row.property_id !== null;
}

const DOCUMENT_COLUMNS = [
  'property_id', 'owner_id', 'title', 'description', 'category', 'property_type', 'payment_term',
  'price', 'monthly_price', 'caution', 'country', 'town', 'town_key', 'neighbourhood', 'rooms', 'bedrooms', 'toilets',
  'kitchens', 'living_rooms', 'size', 'distance_from_road', 'sections', 'amenities', 'thumbnail_url',
  'image_count', 'control_kind', 'created_at', 'version', 'source_updated_at',
] as const;

const RECORD_TYPES = `property_id uuid, owner_id uuid, title text, description text, category text,
  property_type text, payment_term text, price int, monthly_price float8, caution int, country text, town text, town_key text,
  neighbourhood text, rooms int, bedrooms int, toilets int, kitchens int, living_rooms int, size float8,
  distance_from_road int, sections int, amenities text[], thumbnail_url text, image_count int,
  control_kind text, created_at timestamptz, version int, source_updated_at timestamptz,
  title_words text, place_words text, description_words text, area_lat float8, area_lng float8`;

/** The area column from a record's two numbers (point() is strict: no pin, no point). */
const AREA_SQL = 'point(i.area_lng, i.area_lat)';

const SELECT_COLUMNS = [
  ...DOCUMENT_COLUMNS.filter((c) => c !== 'town_key').map((c) => `d.${c}`),
  'd.area[1] AS area_lat',
  'd.area[0] AS area_lng',
].join(', ');

/**
 * Weighted document vector: A title, B town/neighbourhood/type, C description. The type's words and
 * the amenities' and payment term's are those of their labels in both languages (search-labels.ts).
 */
const VECTOR_SQL = `setweight(to_tsvector('simple', i.title_words), 'A')
  || setweight(to_tsvector('simple', i.place_words), 'B')
  || setweight(to_tsvector('simple', i.description_words), 'C')`;

function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return `"${name}"`;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function toRecord(doc: SearchDocument) {
  const labels = labelWordsOf(doc);
  return {
    property_id: doc.id,
    owner_id: doc.ownerId,
    title: doc.title,
    description: doc.description,
    category: doc.category,
    property_type: doc.propertyType,
    payment_term: doc.paymentTerm,
    price: doc.price,
    monthly_price: doc.monthlyPrice,
    caution: doc.caution,
    country: doc.country,
    town: doc.town,
    town_key: townKey(doc.town),
    neighbourhood: doc.neighbourhood,
    rooms: doc.rooms,
    bedrooms: doc.bedrooms,
    toilets: doc.toilets,
    kitchens: doc.kitchens,
    living_rooms: doc.livingRooms,
    size: doc.size,
    distance_from_road: doc.distanceFromRoad,
    sections: doc.sections,
    amenities: doc.amenities,
    thumbnail_url: doc.thumbnailUrl,
    image_count: doc.imageCount,
    control_kind: doc.controlKind,
    created_at: iso(doc.createdAt),
    version: doc.version,
    source_updated_at: iso(doc.sourceUpdatedAt),
    title_words: searchWords(doc.title).join(' '),
    place_words: [...searchWords(`${doc.town} ${doc.neighbourhood}`), ...labels.type].join(' '),
    description_words: [...searchWords(doc.description), ...labels.features].join(' '),
    area_lat: doc.area?.lat ?? null,
    area_lng: doc.area?.lng ?? null,
  };
}

function vocabularyOf(doc: SearchDocument): string[] {
  const labels = labelWordsOf(doc);
  return [...searchWords(`${doc.title} ${doc.town} ${doc.neighbourhood} ${doc.description}`), ...labels.type, ...labels.features].filter(
    (w) => w.length >= SEARCH_TEXT.minTermLength && w.length <= SEARCH_TEXT.maxTermLength,
  );
}

function toHit(row: DocumentRow): SearchHit {
  return {
    id: row.property_id,
    ownerId: row.owner_id,
    title: row.title,
    description: row.description,
    category: row.category,
    propertyType: row.property_type,
    paymentTerm: row.payment_term,
    price: Number(row.price),
    monthlyPrice: Number(row.monthly_price),
    caution: Number(row.caution),
    country: row.country,
    town: row.town,
    neighbourhood: row.neighbourhood,
    rooms: row.rooms,
    bedrooms: row.bedrooms,
    toilets: row.toilets,
    kitchens: row.kitchens,
    livingRooms: row.living_rooms,
    size: row.size === null ? null : Number(row.size),
    distanceFromRoad: row.distance_from_road,
    sections: row.sections,
    amenities: row.amenities ?? [],
    thumbnailUrl: row.thumbnail_url,
    imageCount: Number(row.image_count),
    controlKind: listingChecksOf({ controlKind: row.control_kind }, null).control,
    area: row.area_lat === null || row.area_lat === undefined || row.area_lng === null || row.area_lng === undefined
      ? null
      : { lat: Number(row.area_lat), lng: Number(row.area_lng) },
    createdAt: iso(row.created_at),
    version: Number(row.version),
    sourceUpdatedAt: iso(row.source_updated_at),
    score: row.score === undefined || row.score === null ? null : Number(row.score),
  };
}

function toDocument(row: DocumentRow): SearchDocument {
  const { score: _score, ...doc } = toHit(row);
  return doc;
}

/** Keeps the newest version of each id, so one statement never touches a row twice. */
function newestPerId(docs: readonly SearchDocument[]): SearchDocument[] {
  const byId = new Map<string, SearchDocument>();
  for (const d of docs) {
    const seen = byId.get(d.id);
    if (!seen || seen.version < d.version) byId.set(d.id, d);
  }
  return [...byId.values()];
}

/**
 * The ORDER BY of a page for each order, over columns of `t` (a document row or the text matches).
 * The price orders break ties newest first, like the default, so a page never moves between
 * requests; the property id settles documents created in the same millisecond.
 */
export function orderBySql(sort: SearchSort, t: string, distance?: string): string {
  const newest = `${t}.created_at DESC, ${t}.property_id DESC`;
  if (sort === 'price-asc') return `${t}.monthly_price ASC, ${newest}`;
  if (sort === 'price-desc') return `${t}.monthly_price DESC, ${newest}`;
  // Nearest first (listings without an area: a null distance, last), equal distances newest first.
  if (sort === 'distance' && distance) return `${distance} ASC NULLS LAST, ${newest}`;
  return newest;
}

/**
 * The distance from `near` to the area's centre, in degrees on the plane (PostgreSQL's `<->`): the
 * GiST index walks it nearest first. Between 2 and 13°N a degree of longitude is 0.97-1.0 of one of
 * latitude, so the order is a great circle's to about 3 % (docs/maps.md); distanceKm on cards is
 * the great circle's. `$n` and `$n+1` are lng and lat.
 */
function distanceSql(t: string, lngParam: number): string {
  return `${t}.area <-> point($${lngParam}::float8, $${lngParam + 1}::float8)`;
}

/** SQL conditions and their parameters, numbered from `first`. */
export function postgresFilters(q: NormalizedSearchQuery, first: number): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${first + params.length - 1}`));
  };
  if (q.category !== undefined) add((p) => `d.category = ${p}::text`, q.category);
  if (q.propertyType !== undefined) add((p) => `d.property_type = ${p}::text`, q.propertyType);
  if (q.townKey !== undefined) add((p) => `d.town_key = ${p}::text`, q.townKey);
  if (q.rooms !== undefined) add((p) => `d.rooms >= ${p}::bigint`, q.rooms);
  // Prices are whole FCFA in an int column: compare with ints so the price index stays usable.
  if (q.minPrice !== undefined) add((p) => `d.price >= ${p}::bigint`, Math.ceil(q.minPrice));
  if (q.maxPrice !== undefined) add((p) => `d.price <= ${p}::bigint`, Math.floor(q.maxPrice));
  if (q.controlChecked) where.push('d.control_kind IS NOT NULL');
  if (q.box !== undefined) {
    // Edges included; a document without an area (null) is never in a box.
    const { west, south, east, north } = q.box;
    params.push(west, south, east, north);
    const p = first + params.length - 4;
    where.push(`d.area <@ box(point($${p}::float8, $${p + 1}::float8), point($${p + 2}::float8, $${p + 3}::float8))`);
  }
  return { where, params };
}

/**
 * The tsquery for the query words and their typo variants; words and variants are runs of letters
 * and digits only, so they need no quoting in tsquery syntax.
 */
export function buildTsQuery(
  words: readonly string[],
  variants: ReadonlyMap<string, readonly string[]>,
): { all: string; any: string } {
  const last = words.length - 1;
  const groups = words.map((w, i) => {
    const self = i === last ? `${w}:*` : w;
    return [self, ...(variants.get(w) ?? [])].join(' | ');
  });
  return { all: groups.map((g) => `(${g})`).join(' & '), any: groups.join(' | ') };
}

export class PostgresSearchIndex implements SearchIndex {
  readonly backend = 'postgres' as const;
  private readonly s: string;
  private trigramOperator: Promise<string> | undefined;
  private readonly exactCountUpTo: number;

  constructor(
    private readonly db: SqlClient,
    private readonly options: PostgresSearchIndexOptions = {},
  ) {
    this.s = identifier(options.schema ?? 'listings');
    this.exactCountUpTo = options.exactCountUpTo ?? SEARCH_PAGE.exactCountUpTo;
  }

  async init(): Promise<void> {
    await this.similarOperator();
  }

  readonly wordsRefresh: SearchWordsRefreshPort = {
    storedFingerprint: async () => {
      const rows = await this.db.$queryRawUnsafe<Array<{ value: string }>>(
        `SELECT value FROM ${this.s}.search_meta WHERE key = $1::text`,
        WORDS_FINGERPRINT_KEY,
      );
      return rows[0]?.value ?? null;
    },
    storeFingerprint: async (fingerprint) => {
      await this.db.$executeRawUnsafe(
        `INSERT INTO ${this.s}.search_meta (key, value, updated_at) VALUES ($1::text, $2::text, now())
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        WORDS_FINGERPRINT_KEY,
        fingerprint,
      );
    },
    rewriteMany: async (docs) => {
      let rewritten = 0;
      // Sorted, so concurrent batch writers lock rows in the same order.
      const unique = newestPerId(docs).sort((a, b) => (a.id < b.id ? -1 : 1));
      for (let i = 0; i < unique.length; i += SEARCH_BATCH_SIZE) rewritten += await this.rewrite(unique.slice(i, i + SEARCH_BATCH_SIZE));
      return rewritten;
    },
    // The lock is transaction-scoped, so it goes with the connection if this process dies; the
    // transaction itself only holds it (the work runs on other connections) and keeps no snapshot.
    exclusively: (work) =>
      this.db.$transaction(
        async (tx) => {
          const [row] = await tx.$queryRawUnsafe<Array<{ locked: boolean }>>(
            'SELECT pg_try_advisory_xact_lock(hashtext($1::text)) AS locked',
            `${this.s}.${SEARCH_WORDS_REFRESH.lockName}`,
          );
          return row?.locked ? work() : 'busy';
        },
        { timeout: SEARCH_WORDS_REFRESH.lockTimeoutMs },
      ),
  };

  async upsert(doc: SearchDocument): Promise<boolean> {
    return (await this.write([doc])) > 0;
  }

  async upsertMany(docs: readonly SearchDocument[]): Promise<number> {
    let stored = 0;
    const unique = newestPerId(docs);
    for (let i = 0; i < unique.length; i += SEARCH_BATCH_SIZE) stored += await this.write(unique.slice(i, i + SEARCH_BATCH_SIZE));
    return stored;
  }

  async remove(id: string, version?: number): Promise<boolean> {
    if (version === undefined) {
      const n = await this.db.$executeRawUnsafe(`DELETE FROM ${this.s}.search_documents WHERE property_id = $1::uuid`, id);
      return n > 0;
    }
    // Both parts see the rows as they were before this statement: the tombstone is written unless a
    // newer document stays.
    const rows = await this.db.$queryRawUnsafe<Array<{ removed: number }>>(
      `WITH removed AS (
         DELETE FROM ${this.s}.search_documents WHERE property_id = $1::uuid AND version <= $2::int RETURNING 1
       ), tombstone AS (
         INSERT INTO ${this.s}.search_removals (property_id, version, removed_at)
         SELECT $1::uuid, $2::int, now()
         WHERE NOT EXISTS (SELECT 1 FROM ${this.s}.search_documents WHERE property_id = $1::uuid AND version > $2::int)
         ON CONFLICT (property_id) DO UPDATE
           SET version = GREATEST(${this.s}.search_removals.version, EXCLUDED.version), removed_at = now()
       )
       SELECT count(*)::int AS removed FROM removed`,
      id,
      version,
    );
    return Number(rows[0]?.removed ?? 0) > 0;
  }

  async removeMany(ids: readonly string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += SEARCH_BATCH_SIZE) {
      await this.db.$executeRawUnsafe(
        `DELETE FROM ${this.s}.search_documents WHERE property_id = ANY($1::uuid[])`,
        ids.slice(i, i + SEARCH_BATCH_SIZE),
      );
    }
  }

  async clear(): Promise<void> {
    await this.db.$executeRawUnsafe(
      `TRUNCATE ${this.s}.search_documents, ${this.s}.search_removals, ${this.s}.search_terms`,
    );
  }

  async health(): Promise<SearchHealth> {
    try {
      await this.db.$queryRawUnsafe(`SELECT 1 FROM ${this.s}.search_documents LIMIT 1`);
      return { ok: true, backend: this.backend };
    } catch (e) {
      return { ok: false, backend: this.backend, error: (e as Error).message };
    }
  }

  async close(): Promise<void> {
    await this.options.onClose?.();
  }

  /** The stored documents of these ids (absent ones are not in the index). */
  async documents(ids: readonly string[]): Promise<SearchDocument[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.$queryRawUnsafe<DocumentRow[]>(
      `SELECT ${SELECT_COLUMNS} FROM ${this.s}.search_documents d WHERE d.property_id = ANY($1::uuid[])`,
      [...ids],
    );
    return rows.map(toDocument);
  }

  /** Every stored document, in id order, `batch` at a time (a replica's copy in memory is built from these). */
  async *allDocuments(batch = 1_000): AsyncGenerator<SearchDocument[]> {
    // One JSON text per batch: JSON.parse reads it several times faster than the driver decodes 29
    // columns row by row. The next batch is asked for before this one is handed over, so PostgreSQL
    // prepares it while the caller indexes this one. Small batches keep the heap's high-water mark
    // low (a replica's resident memory after start: 392 MB at 1,000 rows, 437 at 2,500, 466-481 at
    // 10,000, with 100,000 listings) and cost no time (8.4 s, 8.2 s, 10.7 s).
    const read = async (after: string): Promise<DocumentRow[]> => {
      const [row] = await this.db.$queryRawUnsafe<Array<{ rows: string }>>(
        `SELECT coalesce(json_agg(d ORDER BY d.property_id), '[]')::text AS rows FROM (
           SELECT ${SELECT_COLUMNS} FROM ${this.s}.search_documents d WHERE d.property_id > $1::uuid ORDER BY d.property_id LIMIT $2::int
         ) d`,
        after,
        batch,
      );
      return JSON.parse(row?.rows ?? '[]') as DocumentRow[];
    };
    let next = read('00000000-0000-0000-0000-000000000000');
    for (;;) {
      const rows = await next;
      if (rows.length === 0) return;
      next = rows.length < batch ? Promise.resolve([]) : read(rows[rows.length - 1].property_id);
      // A failed read ahead surfaces at its await; until then it must not count as unhandled.
      next.catch(() => undefined);
      yield rows.map(toDocument);
    }
  }

  /** How many documents are stored and when the last was written: what a copy compares itself with. */
  async watermark(): Promise<{ count: number; lastIndexedAt: Date | null }> {
    const rows = await this.db.$queryRawUnsafe<Array<{ count: number; last: Date | string | null }>>(
      `SELECT count(*)::int AS count, max(indexed_at) AS last FROM ${this.s}.search_documents`,
    );
    const last = rows[0]?.last;
    return { count: Number(rows[0]?.count ?? 0), lastIndexedAt: last ? new Date(last) : null };
  }

  /** Ids of documents written after `since` (inclusive, so a write in the same millisecond is not missed). */
  async idsIndexedSince(since: Date): Promise<string[]> {
    const rows = await this.db.$queryRawUnsafe<Array<{ property_id: string }>>(
      `SELECT property_id FROM ${this.s}.search_documents WHERE indexed_at >= $1::timestamptz`,
      since.toISOString(),
    );
    return rows.map((r) => r.property_id);
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const q = normalizeSearchQuery(query);
    const words = queryWords(q.text);
    // Browsing counts up to one past the cap, and never below the page asked for, so the page shown
    // is always inside totalPages. Text counts exactly (see textPage).
    const countUpTo = Math.max(this.exactCountUpTo, q.offset + q.limit);
    const text = words.length > 0;
    const rows = text
      ? await this.textPage(q, words)
      : q.sort === 'distance' && q.near
        ? await this.nearestPage(q, q.near, countUpTo)
        : await this.browsePage(q, countUpTo);
    const counted = Number(rows[0]?.matches ?? 0);
    const totalIsLowerBound = !text && counted > countUpTo;
    const total = totalIsLowerBound ? countUpTo : counted;
    const hits = withDistances(rows.filter(isCard).map(toHit), q.near);
    return { hits, total, totalIsLowerBound, page: q.page, limit: q.limit, totalPages: totalPagesFor(total, q.limit) };
  }

  /**
   * No text: filters only, in the order asked (newest first by default). One statement: the capped
   * count and the page's documents, as one row per card (or one row of nulls with the count when the
   * page is empty). The price orders walk search_documents_monthly_price_idx.
   */
  private async browsePage(q: NormalizedSearchQuery, countUpTo: number): Promise<PageRow[]> {
    const f = postgresFilters(q, 1);
    const where = f.where.length ? `WHERE ${f.where.join(' AND ')}` : '';
    const n = f.params.length;
    return this.db.$queryRawUnsafe<PageRow[]>(
      `SELECT ${SELECT_COLUMNS}, NULL::float8 AS score, c.matches
       FROM (SELECT count(*)::int AS matches FROM (
               SELECT 1 FROM ${this.s}.search_documents d ${where} LIMIT $${n + 3}::int
             ) m) c
       LEFT JOIN LATERAL (
         SELECT * FROM ${this.s}.search_documents d ${where}
         ORDER BY ${orderBySql(q.sort, 'd')} LIMIT $${n + 1}::int OFFSET $${n + 2}::int
       ) d ON true
       ORDER BY ${orderBySql(q.sort, 'd')}`,
      ...f.params,
      q.limit,
      q.offset,
      countUpTo + 1,
    );
  }

  /**
   * No text, nearest first. The GiST index walks `area <-> point` nearest first only when that is
   * the whole ORDER BY (PostgreSQL 15 sorts everything otherwise: 74 ms of PostgreSQL per search at
   * 100,000 documents), so: (1) the index's `offset + limit` nearest give the reach of the page,
   * (2) every match within that reach (ties at its edge included) and the newest unpinned matches
   * are put in the full order (distance, then newest), and the page is cut from them.
   */
  private async nearestPage(q: NormalizedSearchQuery, near: { lat: number; lng: number }, countUpTo: number): Promise<PageRow[]> {
    const f = postgresFilters(q, 1);
    const n = f.params.length;
    const where = f.where.length ? f.where.join(' AND ') : 'true';
    const place = `point($${n + 1}::float8, $${n + 2}::float8)`;
    const reachOf = `$${n + 3}::int`;
    const order = `distance ASC NULLS LAST, created_at DESC, property_id DESC`;
    return this.db.$queryRawUnsafe<PageRow[]>(
      `WITH nearest AS (
         SELECT d.area <-> ${place} AS distance FROM ${this.s}.search_documents d
         WHERE ${where} AND d.area IS NOT NULL ORDER BY d.area <-> ${place} LIMIT ${reachOf}
       ), reach AS (
         SELECT max(distance) AS distance FROM nearest
       ), candidates AS (
         SELECT d.*, d.area <-> ${place} AS distance FROM ${this.s}.search_documents d, reach
         WHERE ${where} AND d.area <@ circle(${place}, reach.distance) AND d.area <-> ${place} <= reach.distance
         UNION ALL
         (SELECT d.*, NULL::float8 AS distance FROM ${this.s}.search_documents d
          WHERE ${where} AND d.area IS NULL ORDER BY d.created_at DESC, d.property_id DESC LIMIT ${reachOf})
       ), page AS (
         SELECT * FROM candidates ORDER BY ${order} LIMIT $${n + 4}::int OFFSET $${n + 5}::int
       )
       SELECT ${SELECT_COLUMNS}, NULL::float8 AS score, c.matches
       FROM (SELECT count(*)::int AS matches FROM (
               SELECT 1 FROM ${this.s}.search_documents d WHERE ${where} LIMIT $${n + 6}::int
             ) m) c
       LEFT JOIN page d ON true
       ORDER BY d.${order.replaceAll(', ', ', d.')}`,
      ...f.params,
      near.lng,
      near.lat,
      q.offset + q.limit,
      q.limit,
      q.offset,
      countUpTo + 1,
    );
  }

  /**
   * Text: ranking must look at every match, so the matches are read once and give both the page and
   * an exact count (a separate capped count would scan them a second time).
   */
  private async textPage(q: NormalizedSearchQuery, words: string[]): Promise<PageRow[]> {
    const ts = buildTsQuery(words, await this.typoVariants(words));
    const f = postgresFilters(q, 3);
    const where = ['d.search_vector @@ tq.q_all', ...f.where].join(' AND ');
    const n = 2 + f.params.length;
    const near = q.sort === 'distance' && q.near ? [q.near.lng, q.near.lat] : [];
    // The matches carry their distance (null without an area) for the page's order.
    const distanceColumn = near.length ? distanceSql('d', n + 3) : 'NULL::float8';
    const textOrder = (t: string) =>
      q.sort === 'newest' ? `${t}.score DESC, ${orderBySql('newest', t)}` : orderBySql(q.sort, t, `${t}.distance`);
    return this.withTextPlan<PageRow[]>(
      // Relevance by the field a query word was found in: title, then town/neighbourhood/type,
      // then description only (as Meilisearch's `attribute` rule); ties newest first. A price order
      // replaces relevance (as Meilisearch's `sort` rule, first): every match, cheapest or dearest
      // first. Only the matches' ids, dates, prices and scores go through the sort; the page's cards
      // are read afterwards.
      `WITH matches AS MATERIALIZED (
         SELECT d.property_id, d.created_at, d.monthly_price, ${distanceColumn} AS distance,
           (2 * (d.title_vector @@ tq.q_any)::int + (d.place_vector @@ tq.q_any)::int)::float8 AS score
         FROM ${this.s}.search_documents d,
           (SELECT to_tsquery('simple', $1::text) AS q_all, to_tsquery('simple', $2::text) AS q_any) tq
         WHERE ${where}
       ), page AS (
         SELECT * FROM matches
         ORDER BY ${textOrder('matches')} LIMIT $${n + 1}::int OFFSET $${n + 2}::int
       ), counted AS (
         SELECT count(*)::int AS matches FROM matches
       )
       SELECT ${SELECT_COLUMNS}, page.score, counted.matches
       FROM counted
       LEFT JOIN page ON true
       LEFT JOIN ${this.s}.search_documents d ON d.property_id = page.property_id
       ORDER BY ${textOrder('page')}`,
      ts.all,
      ts.any,
      ...f.params,
      q.limit,
      q.offset,
      ...near,
    );
  }

  /**
   * The map: the area centres matching the filters and the box, newest first, at most `cap`, and
   * the exact count (a window over every match, before the limit). With text, the matches are the
   * search's (typo variants and all).
   */
  async points(query: SearchQuery, cap: number): Promise<SearchMapPoints> {
    const q = normalizeSearchQuery(query);
    if (!q.box) return { points: [], total: 0 };
    const words = queryWords(q.text);
    const text = words.length > 0 ? buildTsQuery(words, await this.typoVariants(words)).all : null;
    const f = postgresFilters(q, text === null ? 1 : 2);
    const where = [...(text === null ? [] : ["d.search_vector @@ to_tsquery('simple', $1::text)"]), ...f.where].join(' AND ');
    const params = [...(text === null ? [] : [text]), ...f.params, Math.max(0, Math.floor(cap))];
    const sql = `SELECT m.property_id, m.lat, m.lng, m.price, m.payment_term, c.total
       FROM (SELECT count(*)::int AS total FROM ${this.s}.search_documents d WHERE ${where}) c
       LEFT JOIN LATERAL (
         SELECT d.property_id, d.area[1] AS lat, d.area[0] AS lng, d.price, d.payment_term, d.created_at
         FROM ${this.s}.search_documents d WHERE ${where}
         ORDER BY ${orderBySql('newest', 'd')} LIMIT $${params.length}::int
       ) m ON true
       ORDER BY ${orderBySql('newest', 'm')}`;
    type PointRow = { property_id: string | null; lat: number; lng: number; price: number; payment_term: string; total: number };
    const rows = text === null ? await this.db.$queryRawUnsafe<PointRow[]>(sql, ...params) : await this.withTextPlan<PointRow[]>(sql, ...params);
    return {
      points: rows
        .filter((r) => r.property_id !== null)
        .map((r) => ({ id: r.property_id!, lat: Number(r.lat), lng: Number(r.lng), price: Number(r.price), paymentTerm: r.payment_term })),
      total: Number(rows[0]?.total ?? 0),
    };
  }

  /**
   * Runs a full-text statement with sequential scans ruled out. The planner prices `@@` as cheap
   * and the rows as wide, so from ~10% matching rows it picks a sequential scan that evaluates every
   * document's vector (measured 3-5x slower at 100k documents than the GIN bitmap scan it passes over).
   */
  private async withTextPlan<T>(sql: string, ...values: unknown[]): Promise<T> {
    const [, result] = await this.db.$transaction([
      this.db.$executeRawUnsafe('SET LOCAL enable_seqscan = off'),
      this.db.$queryRawUnsafe<T>(sql, ...values),
    ]);
    return result as T;
  }

  /** Indexed words within each query word's typo budget, nearest first. */
  private async typoVariants(words: string[]): Promise<Map<string, string[]>> {
    const variants = new Map<string, string[]>();
    const eligible = [...new Set(words.filter((w) => typoBudget(w) > 0))];
    if (eligible.length === 0) return variants;
    const op = await this.similarOperator();
    const rows = await this.db.$queryRawUnsafe<Array<{ word: string; term: string }>>(
      `SELECT q.word, t.term FROM unnest($1::text[]) AS q(word)
       CROSS JOIN LATERAL (
         SELECT term FROM ${this.s}.search_terms WHERE term OPERATOR(${op}) q.word LIMIT 200
       ) t`,
      eligible,
    );
    for (const { word, term } of rows) {
      if (!isTypoOf(word, term)) continue;
      const list = variants.get(word) ?? [];
      if (list.length < SEARCH_TEXT.maxTypoExpansions) list.push(term);
      variants.set(word, list);
    }
    return variants;
  }

  /** pg_trgm's `%`, qualified with the schema the extension lives in (search_path may not include it). */
  private similarOperator(): Promise<string> {
    if (!this.trigramOperator) {
      const lookup = Promise.resolve(
        this.db.$queryRawUnsafe<Array<{ schema: string }>>(
          `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
        ),
      ).then((rows) => {
        if (!rows[0]) throw new Error('The pg_trgm extension is missing: apply the listings migrations.');
        return `${identifier(rows[0].schema)}.%`;
      });
      // A failed lookup is retried next time rather than cached.
      lookup.catch(() => {
        if (this.trigramOperator === lookup) this.trigramOperator = undefined;
      });
      this.trigramOperator = lookup;
    }
    return this.trigramOperator;
  }

  /**
   * Rewrites documents still in the index at the same or an older version: an UPDATE, so a removed
   * one (no row) is not brought back, and a newer upsert landing meanwhile (higher version) is kept;
   * under READ COMMITTED the version test is re-checked on a row changed by a concurrent writer.
   */
  private async rewrite(docs: readonly SearchDocument[]): Promise<number> {
    if (docs.length === 0) return 0;
    const updates = DOCUMENT_COLUMNS.filter((c) => c !== 'property_id')
      .map((c) => `${c} = i.${c}`)
      .join(', ');
    const rewritten = await this.db.$executeRawUnsafe(
      `UPDATE ${this.s}.search_documents d SET ${updates}, area = ${AREA_SQL}, search_vector = ${VECTOR_SQL},
         title_vector = to_tsvector('simple', i.title_words), place_vector = to_tsvector('simple', i.place_words), indexed_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS i(${RECORD_TYPES})
       WHERE d.property_id = i.property_id AND d.version <= i.version`,
      JSON.stringify(docs.map(toRecord)),
    );
    if (rewritten > 0) await this.addTerms(docs);
    return rewritten;
  }

  private async addTerms(docs: readonly SearchDocument[]): Promise<void> {
    // Sorted, so concurrent writers take the unique-index locks in the same order.
    const terms = [...new Set(docs.flatMap(vocabularyOf))].sort();
    await this.db.$executeRawUnsafe(
      `INSERT INTO ${this.s}.search_terms (term) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`,
      terms,
    );
  }

  private async write(docs: readonly SearchDocument[]): Promise<number> {
    if (docs.length === 0) return 0;
    const columns = DOCUMENT_COLUMNS.join(', ');
    const updates = DOCUMENT_COLUMNS.filter((c) => c !== 'property_id')
      .map((c) => `${c} = EXCLUDED.${c}`)
      .join(', ');
    const stored = await this.db.$executeRawUnsafe(
      `INSERT INTO ${this.s}.search_documents (${columns}, area, search_vector, title_vector, place_vector, indexed_at)
       SELECT ${DOCUMENT_COLUMNS.map((c) => `i.${c}`).join(', ')}, ${AREA_SQL}, ${VECTOR_SQL},
         to_tsvector('simple', i.title_words), to_tsvector('simple', i.place_words), now()
       FROM jsonb_to_recordset($1::jsonb) AS i(${RECORD_TYPES})
       WHERE NOT EXISTS (
         SELECT 1 FROM ${this.s}.search_removals r WHERE r.property_id = i.property_id AND r.version >= i.version
       )
       ON CONFLICT (property_id) DO UPDATE SET ${updates}, area = EXCLUDED.area, search_vector = EXCLUDED.search_vector,
         title_vector = EXCLUDED.title_vector, place_vector = EXCLUDED.place_vector, indexed_at = now()
       WHERE ${this.s}.search_documents.version < EXCLUDED.version`,
      JSON.stringify(docs.map(toRecord)),
    );
    // Words of ignored documents may go in too: harmless, a word only ever widens a typo lookup.
    if (stored > 0) await this.addTerms(docs);
    return stored;
  }
}
