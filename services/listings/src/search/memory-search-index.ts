// The search port in this process's memory: the same answers as the PostgreSQL adapter (the search
// contract suite and the relevance set run against both), without a statement, a connection or a
// row to decode per search. Each listings replica keeps its own copy, fed from PostgreSQL
// (replicated-search-index.ts); this class only knows documents.
//
// Layout, chosen by measurement (docs/benchmarks.md#search-in-memory): a document lives in a slot
// (a small integer, reused after a removal). Filters read typed columns by slot; the three orders
// are slot arrays kept sorted; text is an inverted index from each folded word to the slots holding
// it (any field, title, place), plus a sorted word list for the last word's prefix and words grouped
// by length for typos. A search marks slots in a scratch byte array word by word, so it costs the
// postings it reads, never a pass over every document unless it lists everything.
import type { SearchSort } from '@mboa/contracts';
import type { SearchDocument, SearchHit } from './search-document.js';
import { townKey } from './search-document.js';
import type { NormalizedSearchQuery, SearchHealth, SearchIndex, SearchMapPoints, SearchQuery, SearchResult } from './search-index.js';
import { normalizeSearchQuery, totalPagesFor, withDistances } from './search-index.js';
import { labelWordsOf } from './search-labels.js';
import { editDistance, queryWords, searchWords, typoBudget } from './search-text.js';
import { SEARCH_PAGE, SEARCH_TEXT } from './search-constants.js';

export interface MemorySearchIndexOptions {
  /** Matches counted exactly up to this many; default SEARCH_PAGE.exactCountUpTo (tests lower it). */
  exactCountUpTo?: number;
  /** A box is read from its cells while they hold at most this many slots; default BOX_CELL_SLOTS_UP_TO (tests set 0 to walk). */
  boxCellSlotsUpTo?: number;
}

/** A word's slots: in any field (matching), in the title and in the place (ranking). */
interface Postings {
  all: number[];
  title: number[];
  place: number[];
}

/** A document's words by field. */
interface DocumentWords {
  title: string[];
  place: string[];
  all: string[];
}

/** Past this many matches a text page walks the kept order instead of sorting the matches. */
const SORT_MATCHES_UP_TO = 4_096;
/** Typo variants remembered per query word (cleared whenever a new word enters the index). */
const TYPO_CACHE_SIZE = 5_000;
/** Batches larger than this are added unsorted, and the orders sorted once afterwards. */
const BULK_FROM = 256;
/** A distance page up to this deep keeps only its nearest slots while reading; deeper, it sorts every match. */
const NEAREST_KEPT_UP_TO = 1_000;
/**
 * Areas are also filed in a grid of cells this many degrees on a side (about 5.5 km): a box reads
 * the cells it overlaps, a nearest-first search the cells nearest its place until no farther cell
 * can hold anything nearer, instead of every listing.
 */
const AREA_CELL_DEG = 0.05;
/** A box whose cells hold more slots than this is answered by walking the kept order instead. */
const BOX_CELL_SLOTS_UP_TO = 4_096;

/** One grid cell: its row and column (floor of lat and lng over AREA_CELL_DEG) and the slots filed in it. */
interface AreaCell {
  row: number;
  col: number;
  slots: number[];
}

function cellKey(row: number, col: number): number {
  // Columns lie within ±3,600: rows never overlap.
  return row * 10_000 + col;
}

/** The kept orders; `distance` depends on the query's place, so it is computed per search. */
type KeptSort = Exclude<SearchSort, 'distance'>;
const ORDERS: readonly KeptSort[] = ['newest', 'price-asc', 'price-desc'];
const rad = Math.PI / 180;

/** Slots in each order. */
type OrderSet = Map<KeptSort, number[]>;

function newOrderSet(): OrderSet {
  return new Map(ORDERS.map((o) => [o, []]));
}

function setOf(groups: Map<number, OrderSet>, code: number): OrderSet {
  let set = groups.get(code);
  if (!set) groups.set(code, (set = newOrderSet()));
  return set;
}

function unique(words: readonly string[]): string[] {
  return [...new Set(words)];
}

/** The words of a document by field, as the PostgreSQL adapter's vectors hold them (toRecord there). */
function wordsOf(doc: SearchDocument): DocumentWords {
  const labels = labelWordsOf(doc);
  const title = unique(searchWords(doc.title));
  const place = unique([...searchWords(`${doc.town} ${doc.neighbourhood}`), ...labels.type]);
  const description = [...searchWords(doc.description), ...labels.features];
  return { title, place, all: unique([...title, ...place, ...description]) };
}

function removeFrom(list: number[], slot: number): void {
  const at = list.indexOf(slot);
  if (at < 0) return;
  list[at] = list[list.length - 1];
  list.pop();
}

/** First index in the sorted `list` whose value is >= `value`. */
function lowerBound(list: readonly string[], value: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

class Codes {
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size + 1;
      this.codes.set(value, code);
    }
    return code;
  }
  /** 0 for a value no document ever had: it matches nothing. */
  find(value: string): number {
    return this.codes.get(value) ?? 0;
  }
}

export class MemorySearchIndex implements SearchIndex {
  readonly backend = 'memory' as const;
  private readonly exactCountUpTo: number;
  private readonly boxCellSlotsUpTo: number;

  // Slot columns.
  private capacity = 0;
  private docs: Array<SearchDocument | undefined> = [];
  private category = new Uint16Array(0);
  private propertyType = new Uint16Array(0);
  private town = new Uint32Array(0);
  /** NaN when the document has no rooms. */
  private rooms = new Float64Array(0);
  private price = new Float64Array(0);
  private monthly = new Float64Array(0);
  private created = new Float64Array(0);
  private checked = new Uint8Array(0);
  /** The area's centre in degrees and its latitude's cosine (for the haversine); NaN without a pin. */
  private areaLat = new Float64Array(0);
  private areaLng = new Float64Array(0);
  private areaCos = new Float64Array(0);
  /** Scratch: a distance search's key per slot (the haversine's `h`, which orders like the distance). */
  private distance = new Float64Array(0);
  /** Scratch for one search at a time (searches never interleave: they are synchronous). */
  private mark = new Uint8Array(0);
  private fields = new Uint8Array(0);

  private readonly slotById = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  /** A removal's version: an upsert at or below it is ignored (a late event cannot bring a listing back). */
  private readonly removals = new Map<string, number>();
  private readonly categories = new Codes();
  private readonly types = new Codes();
  private readonly towns = new Codes();
  /** The grid of area centres (slots without a pin are in no cell). */
  private readonly cells = new Map<number, AreaCell>();
  /** The largest |latitude| of any area ever filed: how much a degree of longitude can shrink (a bound, never lowered). */
  private maxAbsLat = 0;

  /** Every document in each order, and the same per town and per type (a browse by town reads only its town's). */
  private readonly orders: OrderSet = newOrderSet();
  private readonly byTown = new Map<number, OrderSet>();
  private readonly byType = new Map<number, OrderSet>();
  private ordersSorted = true;

  private readonly postings = new Map<string, Postings>();
  /** Every indexed word, sorted (the last query word is also a prefix). */
  private sortedWords: string[] = [];
  private wordsSorted = true;
  /** Words of typo-eligible length by length (SEARCH_TEXT.minTermLength..maxTermLength). */
  private readonly wordsByLength = new Map<number, Set<string>>();
  private readonly typoCache = new Map<string, string[]>();

  constructor(options: MemorySearchIndexOptions = {}) {
    this.exactCountUpTo = options.exactCountUpTo ?? SEARCH_PAGE.exactCountUpTo;
    this.boxCellSlotsUpTo = options.boxCellSlotsUpTo ?? BOX_CELL_SLOTS_UP_TO;
  }

  /** How many documents it holds. */
  get size(): number {
    return this.slotById.size;
  }

  /** The stored version of a document, or undefined. */
  versionOf(id: string): number | undefined {
    const slot = this.slotById.get(id);
    return slot === undefined ? undefined : this.docs[slot]?.version;
  }

  // The port is asynchronous (the other adapters do I/O); this one answers at once.
  init(): Promise<void> {
    return Promise.resolve();
  }

  upsert(doc: SearchDocument): Promise<boolean> {
    return Promise.resolve(this.store(doc, false));
  }

  upsertMany(docs: readonly SearchDocument[]): Promise<number> {
    return Promise.resolve(this.storeMany(docs));
  }

  /** upsertMany, at once. */
  storeMany(docs: readonly SearchDocument[]): number {
    const newest = new Map<string, SearchDocument>();
    for (const d of docs) {
      const seen = newest.get(d.id);
      if (!seen || seen.version < d.version) newest.set(d.id, d);
    }
    const bulk = newest.size >= BULK_FROM;
    let stored = 0;
    for (const d of newest.values()) if (this.store(d, bulk)) stored++;
    return stored;
  }

  /** Replaces whatever is held for this id by `doc` (or takes it out when null), versions ignored: a mirror's write. */
  put(id: string, doc: SearchDocument | null): void {
    this.removeSlot(id);
    this.removals.delete(id);
    if (doc) this.store(doc, false);
  }

  remove(id: string, version?: number): Promise<boolean> {
    const stored = this.versionOf(id);
    if (version === undefined) return Promise.resolve(this.removeSlot(id));
    const removed = stored !== undefined && stored <= version ? this.removeSlot(id) : false;
    if (stored === undefined || removed) this.removals.set(id, Math.max(this.removals.get(id) ?? version, version));
    return Promise.resolve(removed);
  }

  removeMany(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.removeSlot(id);
    return Promise.resolve();
  }

  clear(): Promise<void> {
    this.capacity = 0;
    this.docs = [];
    this.grow(0);
    this.slotById.clear();
    this.freeSlots.length = 0;
    this.removals.clear();
    for (const order of this.orders.values()) order.length = 0;
    this.byTown.clear();
    this.byType.clear();
    this.cells.clear();
    this.maxAbsLat = 0;
    this.postings.clear();
    this.sortedWords = [];
    this.wordsByLength.clear();
    this.typoCache.clear();
    return Promise.resolve();
  }

  health(): Promise<SearchHealth> {
    return Promise.resolve({ ok: true, backend: 'memory' });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  search(query: SearchQuery): Promise<SearchResult> {
    return Promise.resolve(this.searchNow(query));
  }

  /** search(), without a promise: the answer is computed before it returns. */
  searchNow(query: SearchQuery): SearchResult {
    const q = normalizeSearchQuery(query);
    this.settle();
    const words = queryWords(q.text);
    const result = words.length > 0 ? this.textPage(q, words) : this.browsePage(q);
    withDistances(result.hits, q.near);
    return { ...result, page: q.page, limit: q.limit, totalPages: totalPagesFor(result.total, q.limit) };
  }

  /**
   * The monthly equivalents (`monthlyOf`) of the listings of this town and type paid per one of
   * `terms`, `exceptId` left out: the details page's typical price, without a statement.
   */
  pricesOf(
    q: { town: string; propertyType: string; terms: readonly string[]; exceptId: string },
    monthlyOf: (price: number, term: string) => number,
  ): number[] {
    this.settle();
    const town = this.towns.find(townKey(q.town));
    const type = this.types.find(q.propertyType);
    if (!town || !type) return [];
    const order = this.narrowestOrder({ townKey: townKey(q.town), propertyType: q.propertyType, sort: 'newest' });
    const terms = new Set(q.terms);
    const prices: number[] = [];
    for (const slot of order) {
      if (this.town[slot] !== town || this.propertyType[slot] !== type) continue;
      const doc = this.docs[slot]!;
      if (doc.id !== q.exceptId && terms.has(doc.paymentTerm)) prices.push(monthlyOf(doc.price, doc.paymentTerm));
    }
    return prices;
  }

  // ---- writes -------------------------------------------------------------------------------

  private store(doc: SearchDocument, bulk: boolean): boolean {
    const stored = this.versionOf(doc.id);
    if (stored !== undefined && stored >= doc.version) return false;
    const removedAt = this.removals.get(doc.id);
    if (removedAt !== undefined && removedAt >= doc.version) return false;
    this.removeSlot(doc.id);
    const slot = this.freeSlots.pop() ?? this.docs.length;
    if (slot >= this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    const copy: SearchDocument = { ...doc, amenities: [...doc.amenities], area: doc.area ? { lat: doc.area.lat, lng: doc.area.lng } : null };
    this.docs[slot] = copy;
    this.slotById.set(doc.id, slot);
    this.category[slot] = this.categories.code(doc.category);
    this.propertyType[slot] = this.types.code(doc.propertyType);
    this.town[slot] = this.towns.code(townKey(doc.town));
    this.rooms[slot] = doc.rooms ?? Number.NaN;
    this.price[slot] = doc.price;
    this.monthly[slot] = doc.monthlyPrice;
    this.created[slot] = Date.parse(doc.createdAt);
    this.checked[slot] = doc.controlKind ? 1 : 0;
    this.areaLat[slot] = doc.area ? doc.area.lat : Number.NaN;
    this.areaLng[slot] = doc.area ? doc.area.lng : Number.NaN;
    this.areaCos[slot] = doc.area ? Math.cos(doc.area.lat * rad) : Number.NaN;
    if (doc.area) this.fileArea(slot, doc.area.lat, doc.area.lng);
    const words = wordsOf(copy);
    for (const w of words.all) this.postingsOf(w).all.push(slot);
    for (const w of words.title) this.postingsOf(w).title.push(slot);
    for (const w of words.place) this.postingsOf(w).place.push(slot);
    for (const set of this.orderSetsOf(slot)) {
      for (const [sort, order] of set) {
        if (bulk || !this.ordersSorted) {
          order.push(slot);
          this.ordersSorted = false;
        } else order.splice(this.position(order, slot, sort), 0, slot);
      }
    }
    return true;
  }

  private removeSlot(id: string): boolean {
    const slot = this.slotById.get(id);
    if (slot === undefined) return false;
    this.settleOrders();
    for (const set of this.orderSetsOf(slot)) {
      for (const [sort, order] of set) {
        const at = this.position(order, slot, sort);
        if (order[at] === slot) order.splice(at, 1);
        else order.splice(order.indexOf(slot), 1);
      }
    }
    // Derived again rather than kept per document: the words of 100,000 documents were a third of the memory.
    const words = wordsOf(this.docs[slot]!);
    for (const w of words.all) {
      const p = this.postings.get(w)!;
      removeFrom(p.all, slot);
      if (p.all.length === 0) this.forgetWord(w);
    }
    for (const w of words.title) {
      const p = this.postings.get(w);
      if (p) removeFrom(p.title, slot);
    }
    for (const w of words.place) {
      const p = this.postings.get(w);
      if (p) removeFrom(p.place, slot);
    }
    if (this.areaLat[slot] === this.areaLat[slot]) this.unfileArea(slot);
    this.docs[slot] = undefined;
    this.slotById.delete(id);
    this.freeSlots.push(slot);
    return true;
  }

  private postingsOf(word: string): Postings {
    let p = this.postings.get(word);
    if (!p) {
      p = { all: [], title: [], place: [] };
      this.postings.set(word, p);
      if (this.wordsSorted && this.sortedWords.length > 0 && this.sortedWords.length < 50_000) {
        this.sortedWords.splice(lowerBound(this.sortedWords, word), 0, word);
      } else {
        this.sortedWords.push(word);
        this.wordsSorted = this.sortedWords.length === 1;
      }
      const n = [...word].length;
      if (n >= SEARCH_TEXT.minTermLength && n <= SEARCH_TEXT.maxTermLength) {
        let bucket = this.wordsByLength.get(n);
        if (!bucket) this.wordsByLength.set(n, (bucket = new Set()));
        bucket.add(word);
        // A new word may be a typo variant of a word searched before.
        this.typoCache.clear();
      }
    }
    return p;
  }

  private forgetWord(word: string): void {
    this.postings.delete(word);
    this.settleWords();
    const at = lowerBound(this.sortedWords, word);
    if (this.sortedWords[at] === word) this.sortedWords.splice(at, 1);
    this.wordsByLength.get([...word].length)?.delete(word);
  }

  private grow(capacity: number): void {
    const widen = <T extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old.subarray(0, Math.min(old.length, capacity)));
      return next;
    };
    this.category = widen(this.category, (n) => new Uint16Array(n));
    this.propertyType = widen(this.propertyType, (n) => new Uint16Array(n));
    this.town = widen(this.town, (n) => new Uint32Array(n));
    this.rooms = widen(this.rooms, (n) => new Float64Array(n));
    this.price = widen(this.price, (n) => new Float64Array(n));
    this.monthly = widen(this.monthly, (n) => new Float64Array(n));
    this.created = widen(this.created, (n) => new Float64Array(n));
    this.checked = widen(this.checked, (n) => new Uint8Array(n));
    this.areaLat = widen(this.areaLat, (n) => new Float64Array(n));
    this.areaLng = widen(this.areaLng, (n) => new Float64Array(n));
    this.areaCos = widen(this.areaCos, (n) => new Float64Array(n));
    this.distance = new Float64Array(capacity);
    this.mark = new Uint8Array(capacity);
    this.fields = new Uint8Array(capacity);
    this.capacity = capacity;
  }

  // ---- orders ------------------------------------------------------------------------------

  /** Negative when slot `a` comes before `b` in `sort` (newest: date then id, both descending). */
  private compare(sort: SearchSort, a: number, b: number): number {
    if (sort === 'distance') {
      // Keys written by distanceKeys(); Infinity (no pin) after every distance, equal ones newest first.
      const da = this.distance[a];
      const db = this.distance[b];
      if (da !== db) return da < db ? -1 : 1;
    } else if (sort !== 'newest') {
      const d = this.monthly[a] - this.monthly[b];
      if (d !== 0) return sort === 'price-asc' ? d : -d;
    }
    const t = this.created[b] - this.created[a];
    if (t !== 0) return t;
    const ia = this.docs[a]!.id;
    const ib = this.docs[b]!.id;
    return ia < ib ? 1 : ia > ib ? -1 : 0;
  }

  /** Where `slot` is, or would go, in the sorted `order`. */
  private position(order: readonly number[], slot: number, sort: KeptSort): number {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(sort, order[mid], slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The order sets a slot belongs to: all documents, its town's, its type's. */
  private orderSetsOf(slot: number): OrderSet[] {
    return [this.orders, setOf(this.byTown, this.town[slot]), setOf(this.byType, this.propertyType[slot])];
  }

  private settleOrders(): void {
    if (this.ordersSorted) return;
    for (const set of [this.orders, ...this.byTown.values(), ...this.byType.values()]) {
      for (const [sort, order] of set) order.sort((a, b) => this.compare(sort, a, b));
    }
    this.ordersSorted = true;
  }

  private settleWords(): void {
    if (this.wordsSorted) return;
    this.sortedWords.sort();
    this.wordsSorted = true;
  }

  private settle(): void {
    this.settleOrders();
    this.settleWords();
  }

  // ---- reads ----------------------------------------------------------------------------------

  /** The filters as one test over a slot; null when a filter value names nothing any document has. */
  private filterOf(q: NormalizedSearchQuery): ((slot: number) => boolean) | null | undefined {
    const tests: Array<(slot: number) => boolean> = [];
    if (q.category !== undefined) {
      const code = this.categories.find(q.category);
      if (!code) return null;
      tests.push((s) => this.category[s] === code);
    }
    if (q.propertyType !== undefined) {
      const code = this.types.find(q.propertyType);
      if (!code) return null;
      tests.push((s) => this.propertyType[s] === code);
    }
    if (q.townKey !== undefined) {
      const code = this.towns.find(q.townKey);
      if (!code) return null;
      tests.push((s) => this.town[s] === code);
    }
    if (q.rooms !== undefined) {
      const rooms = q.rooms;
      tests.push((s) => this.rooms[s] >= rooms);
    }
    // Whole FCFA, as the PostgreSQL adapter compares them.
    if (q.minPrice !== undefined) {
      const min = Math.ceil(q.minPrice);
      tests.push((s) => this.price[s] >= min);
    }
    if (q.maxPrice !== undefined) {
      const max = Math.floor(q.maxPrice);
      tests.push((s) => this.price[s] <= max);
    }
    if (q.controlChecked) tests.push((s) => this.checked[s] === 1);
    if (q.box !== undefined) {
      // NaN (no pin) fails every comparison: never in a box.
      const { west, south, east, north } = q.box;
      tests.push((s) => {
        const lat = this.areaLat[s];
        const lng = this.areaLng[s];
        return lat >= south && lat <= north && lng >= west && lng <= east;
      });
    }
    if (tests.length === 0) return undefined;
    return (s) => {
      for (const test of tests) if (!test(s)) return false;
      return true;
    };
  }

  private hit(slot: number, score: number | null): SearchHit {
    const doc = this.docs[slot]!;
    return { ...doc, amenities: [...doc.amenities], area: doc.area ? { ...doc.area } : null, score };
  }

  /** No text: the kept order, filtered, counted up to the cap (and never below the page asked for). */
  private browsePage(q: NormalizedSearchQuery): { hits: SearchHit[]; total: number; totalIsLowerBound: boolean } {
    const countUpTo = Math.max(this.exactCountUpTo, q.offset + q.limit);
    const filter = this.filterOf(q);
    if (filter === null) return { hits: [], total: 0, totalIsLowerBound: false };
    if (q.sort === 'distance') return this.distanceBrowse(q, filter, countUpTo);
    const inBox = q.box && filter ? this.boxMatches(q.box, filter) : null;
    if (inBox) {
      const page = inBox.sort((a, b) => this.compare(q.sort, a, b)).slice(q.offset, q.offset + q.limit);
      const lower = inBox.length > countUpTo;
      return { hits: page.map((s) => this.hit(s, null)), total: lower ? countUpTo : inBox.length, totalIsLowerBound: lower };
    }
    const order = this.narrowestOrder(q);
    const end = q.offset + q.limit;
    if (filter === undefined) {
      const hits = order.slice(q.offset, end).map((s) => this.hit(s, null));
      const lower = order.length > countUpTo;
      return { hits, total: lower ? countUpTo : order.length, totalIsLowerBound: lower };
    }
    const hits: SearchHit[] = [];
    let matched = 0;
    for (let i = 0; i < order.length && matched <= countUpTo; i++) {
      const slot = order[i];
      if (!filter(slot)) continue;
      if (matched >= q.offset && matched < end) hits.push(this.hit(slot, null));
      matched++;
    }
    const lower = matched > countUpTo;
    return { hits, total: lower ? countUpTo : matched, totalIsLowerBound: lower };
  }

  /**
   * The kept order with the fewest documents that still holds every match: the town's or the
   * type's when the query names them (the filter still checks every condition).
   */
  private narrowestOrder(q: Pick<NormalizedSearchQuery, 'townKey' | 'propertyType' | 'sort'>): number[] {
    const sort: KeptSort = q.sort === 'distance' ? 'newest' : q.sort;
    const candidates: number[][] = [this.orders.get(sort)!];
    if (q.townKey !== undefined) candidates.push(this.byTown.get(this.towns.find(q.townKey))?.get(sort) ?? []);
    if (q.propertyType !== undefined) candidates.push(this.byType.get(this.types.find(q.propertyType))?.get(sort) ?? []);
    return candidates.reduce((a, b) => (b.length < a.length ? b : a));
  }

  /** Indexed words within a query word's typo budget, nearest first, at most maxTypoExpansions. */
  private typoVariants(word: string): string[] {
    const budget = typoBudget(word);
    if (budget === 0) return [];
    const cached = this.typoCache.get(word);
    if (cached) return cached;
    const n = [...word].length;
    const near: Array<{ term: string; distance: number }> = [];
    for (let len = n - budget; len <= n + budget; len++) {
      for (const term of this.wordsByLength.get(len) ?? []) {
        if (term === word) continue;
        const distance = editDistance(word, term, budget);
        if (distance <= budget) near.push({ term, distance });
      }
    }
    near.sort((a, b) => a.distance - b.distance || (a.term < b.term ? -1 : 1));
    const variants = near.slice(0, SEARCH_TEXT.maxTypoExpansions).map((v) => v.term);
    if (this.typoCache.size >= TYPO_CACHE_SIZE) this.typoCache.delete(this.typoCache.keys().next().value!);
    this.typoCache.set(word, variants);
    return variants;
  }

  /** The indexed words a query word stands for: itself, its typo variants and, for the last one, every word it begins. */
  private termsFor(word: string, last: boolean): string[] {
    const terms = new Set<string>([word, ...this.typoVariants(word)]);
    if (last) {
      for (let i = lowerBound(this.sortedWords, word); i < this.sortedWords.length && this.sortedWords[i].startsWith(word); i++) {
        terms.add(this.sortedWords[i]);
      }
    }
    return [...terms].filter((t) => this.postings.has(t));
  }

  /**
   * Text: every word must match (one of its terms, in any field); relevance is 2 for a title match
   * plus 1 for a town/neighbourhood/type match of any query term, ties newest first, as in the
   * PostgreSQL adapter. Counted exactly. A price order replaces relevance.
   */
  private textPage(q: NormalizedSearchQuery, words: string[]): { hits: SearchHit[]; total: number; totalIsLowerBound: boolean } {
    const none = { hits: [], total: 0, totalIsLowerBound: false };
    const found = this.textMatches(q, words);
    if (!found) return none;
    const { matches, groups } = found;
    const score = this.fields;
    score.fill(0);
    for (const group of groups) {
      for (const term of group) {
        const p = this.postings.get(term)!;
        for (const slot of p.title) score[slot] |= 2;
        for (const slot of p.place) score[slot] |= 1;
      }
    }
    const page =
      q.sort === 'newest' ? this.relevancePage(matches, q) : q.sort === 'distance' ? this.nearestPage(matches, q) : this.orderedPage(matches, q);
    return { hits: page.map((s) => this.hit(s, score[s])), total: matches.length, totalIsLowerBound: false };
  }

  /** The slots matching every query word and the filters (in no order), with the term groups; null for none. */
  private textMatches(q: NormalizedSearchQuery, words: string[]): { matches: number[]; groups: string[][] } | null {
    const filter = this.filterOf(q);
    if (filter === null) return null;
    const groups = words.map((w, i) => this.termsFor(w, i === words.length - 1));
    if (groups.some((g) => g.length === 0)) return null;
    // The group with the fewest postings first: later groups only confirm slots it marked.
    const size = (g: string[]) => g.reduce((n, t) => n + this.postings.get(t)!.all.length, 0);
    groups.sort((a, b) => size(a) - size(b));
    const mark = this.mark;
    mark.fill(0);
    for (let g = 0; g < groups.length; g++) {
      for (const term of groups[g]) {
        for (const slot of this.postings.get(term)!.all) if (mark[slot] === g) mark[slot] = g + 1;
      }
    }
    const full = groups.length;
    const matches: number[] = [];
    for (const term of groups[full - 1]) {
      for (const slot of this.postings.get(term)!.all) {
        if (mark[slot] !== full) continue;
        mark[slot] = full + 1;
        if (!filter || filter(slot)) matches.push(slot);
      }
    }
    return matches.length === 0 ? null : { matches, groups };
  }

  /** A price order over the matches: sorted when few, else read off the kept order. */
  private orderedPage(matches: number[], q: NormalizedSearchQuery): number[] {
    const sort: KeptSort = q.sort === 'distance' ? 'newest' : q.sort;
    if (matches.length <= SORT_MATCHES_UP_TO) {
      return matches.sort((a, b) => this.compare(sort, a, b)).slice(q.offset, q.offset + q.limit);
    }
    const wanted = new Uint8Array(this.capacity);
    for (const s of matches) wanted[s] = 1;
    const page: number[] = [];
    let seen = 0;
    for (const slot of this.orders.get(sort)!) {
      if (!wanted[slot]) continue;
      if (seen >= q.offset) page.push(slot);
      if (++seen >= q.offset + q.limit) break;
    }
    return page;
  }

  /** Relevance (0-3), then newest: sorted when few, else the newest order read into four relevance buckets. */
  private relevancePage(matches: number[], q: NormalizedSearchQuery): number[] {
    const score = this.fields;
    const end = q.offset + q.limit;
    if (matches.length <= SORT_MATCHES_UP_TO) {
      return matches.sort((a, b) => score[b] - score[a] || this.compare('newest', a, b)).slice(q.offset, end);
    }
    const perScore = [0, 0, 0, 0];
    for (const s of matches) perScore[score[s]]++;
    // How many of each relevance the page needs, best first.
    const need = [0, 0, 0, 0];
    let before = 0;
    for (let r = 3; r >= 0; r--) {
      need[r] = Math.max(0, Math.min(perScore[r], end - before));
      before += perScore[r];
    }
    const wanted = new Uint8Array(this.capacity);
    for (const s of matches) wanted[s] = 1;
    const buckets: number[][] = [[], [], [], []];
    let missing = need.reduce((a, b) => a + b, 0);
    for (const slot of this.orders.get('newest')!) {
      if (missing === 0) break;
      if (!wanted[slot]) continue;
      const bucket = buckets[score[slot]];
      if (bucket.length < need[score[slot]]) {
        bucket.push(slot);
        missing--;
      }
    }
    return [...buckets[3], ...buckets[2], ...buckets[1], ...buckets[0]].slice(q.offset, end);
  }

  // ---- areas ------------------------------------------------------------------------------------

  /**
   * Writes each slot's distance key from `near`: the haversine's h (sin²(Δlat/2) + cos·cos·sin²(Δlng/2)),
   * which grows with the great-circle distance, so ordering by it is ordering by distance without an
   * asin and a square root per listing; Infinity without a pin.
   */
  private distanceKeys(slots: Iterable<number>, near: { lat: number; lng: number }): void {
    const lat0 = near.lat * rad;
    const lng0 = near.lng * rad;
    const cos0 = Math.cos(lat0);
    const key = this.distance;
    for (const s of slots) {
      const lat = this.areaLat[s];
      if (lat !== lat) {
        key[s] = Number.POSITIVE_INFINITY;
        continue;
      }
      const a = Math.sin((lat * rad - lat0) / 2);
      const b = Math.sin((this.areaLng[s] * rad - lng0) / 2);
      key[s] = a * a + cos0 * this.areaCos[s] * b * b;
    }
  }

  /**
   * A page of `slots` nearest first (equal distances and no pin: newest first). Shallow pages keep
   * only the `offset + limit` nearest while reading (one comparison for most slots); deep ones sort.
   */
  private nearestPage(slots: number[], q: NormalizedSearchQuery): number[] {
    this.distanceKeys(slots, q.near!);
    const end = q.offset + q.limit;
    const cmp = (a: number, b: number) => this.compare('distance', a, b);
    if (end > NEAREST_KEPT_UP_TO) return slots.sort(cmp).slice(q.offset, end);
    const kept: number[] = [];
    for (const s of slots) this.keepNearest(kept, s, end);
    return kept.slice(q.offset, end);
  }

  /** No text, nearest first: every match is looked at (the count is capped like any browse). */
  private distanceBrowse(
    q: NormalizedSearchQuery,
    filter: ((slot: number) => boolean) | undefined,
    countUpTo: number,
  ): { hits: SearchHit[]; total: number; totalIsLowerBound: boolean } {
    const order = this.narrowestOrder(q);
    const end = q.offset + q.limit;
    if (end > NEAREST_KEPT_UP_TO) {
      const matches = filter ? order.filter((s) => filter(s)) : order.slice();
      const hits = this.nearestPage(matches, q).map((s) => this.hit(s, null));
      const lower = matches.length > countUpTo;
      return { hits, total: lower ? countUpTo : matches.length, totalIsLowerBound: lower };
    }
    const pass = filter ?? (() => true);
    const kept = this.nearestInCells(q.near!, pass, end);
    // Every pinned match is kept and the page wants more: the unpinned ones, newest first.
    for (let i = 0; i < order.length && kept.length < end; i++) {
      const s = order[i];
      if (this.areaLat[s] !== this.areaLat[s] && pass(s)) kept.push(s);
    }
    // Counted like any browse: up to the cap, from the kept order.
    let matched = 0;
    if (!filter) matched = order.length;
    else for (let i = 0; i < order.length && matched <= countUpTo; i++) if (filter(order[i])) matched++;
    const lower = matched > countUpTo;
    return { hits: kept.slice(q.offset, end).map((s) => this.hit(s, null)), total: lower ? countUpTo : matched, totalIsLowerBound: lower };
  }

  /**
   * The `k` nearest pinned slots passing `pass`, nearest first (equal ones newest first), read cell
   * by cell from the nearest: a cell is read only while it could hold something nearer than the
   * k-th kept. A cell's bound is the haversine's h for its separation from `near` along one axis
   * (a degree of longitude counted at its shortest in the grid), never more than any of its slots' h.
   */
  private nearestInCells(near: { lat: number; lng: number }, pass: (slot: number) => boolean, k: number): number[] {
    const cos0 = Math.cos(near.lat * rad);
    const lngFactor = cos0 * Math.cos(this.maxAbsLat * rad);
    const scored: Array<{ bound: number; slots: number[] }> = [];
    for (const cell of this.cells.values()) {
      const south = cell.row * AREA_CELL_DEG;
      const west = cell.col * AREA_CELL_DEG;
      const dLat = Math.max(0, south - near.lat, near.lat - (south + AREA_CELL_DEG));
      const dLng = Math.max(0, west - near.lng, near.lng - (west + AREA_CELL_DEG));
      const a = Math.sin((dLat * rad) / 2);
      const b = Math.sin((dLng * rad) / 2);
      scored.push({ bound: Math.max(a * a, lngFactor * b * b), slots: cell.slots });
    }
    scored.sort((x, y) => x.bound - y.bound);
    const key = this.distance;
    const kept: number[] = [];
    for (const cell of scored) {
      if (kept.length === k && cell.bound > key[kept[k - 1]]) break;
      const passing = cell.slots.filter(pass);
      this.distanceKeys(passing, near);
      for (const s of passing) this.keepNearest(kept, s, k);
    }
    return kept;
  }

  /** Puts `slot` in its place in `kept` (nearest first, at most `k`) if it belongs there. */
  private keepNearest(kept: number[], slot: number, k: number): void {
    if (kept.length === k && this.compare('distance', slot, kept[k - 1]) >= 0) return;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare('distance', kept[mid], slot) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, slot);
    if (kept.length > k) kept.pop();
  }

  private fileArea(slot: number, lat: number, lng: number): void {
    const row = Math.floor(lat / AREA_CELL_DEG);
    const col = Math.floor(lng / AREA_CELL_DEG);
    const key = cellKey(row, col);
    let cell = this.cells.get(key);
    if (!cell) this.cells.set(key, (cell = { row, col, slots: [] }));
    cell.slots.push(slot);
    this.maxAbsLat = Math.max(this.maxAbsLat, Math.abs(lat));
  }

  private unfileArea(slot: number): void {
    const key = cellKey(Math.floor(this.areaLat[slot] / AREA_CELL_DEG), Math.floor(this.areaLng[slot] / AREA_CELL_DEG));
    const cell = this.cells.get(key);
    if (!cell) return;
    removeFrom(cell.slots, slot);
    if (cell.slots.length === 0) this.cells.delete(key);
  }

  /**
   * The slots in the box passing `filter` (which holds the box test too), read from the cells the box
   * overlaps, in no order; null when those cells hold more than boxCellSlotsUpTo (a wide box over
   * a city: walking the kept order finds a page sooner).
   */
  private boxMatches(box: { west: number; south: number; east: number; north: number }, filter: (slot: number) => boolean): number[] | null {
    const rows = [Math.floor(box.south / AREA_CELL_DEG), Math.floor(box.north / AREA_CELL_DEG)];
    const cols = [Math.floor(box.west / AREA_CELL_DEG), Math.floor(box.east / AREA_CELL_DEG)];
    const lists: number[][] = [];
    let held = 0;
    for (let row = rows[0]; row <= rows[1]; row++) {
      for (let col = cols[0]; col <= cols[1]; col++) {
        const cell = this.cells.get(cellKey(row, col));
        if (!cell) continue;
        held += cell.slots.length;
        if (held > this.boxCellSlotsUpTo) return null;
        lists.push(cell.slots);
      }
    }
    const matches: number[] = [];
    for (const list of lists) for (const s of list) if (filter(s)) matches.push(s);
    return matches;
  }

  points(query: SearchQuery, cap: number): Promise<SearchMapPoints> {
    return Promise.resolve(this.pointsNow(query, cap));
  }

  /** points(), at once: the matches in the box, newest first, at most `cap`, counted exactly. */
  pointsNow(query: SearchQuery, cap: number): SearchMapPoints {
    const q = normalizeSearchQuery(query);
    if (!q.box) return { points: [], total: 0 };
    this.settle();
    const words = queryWords(q.text);
    let slots: number[];
    if (words.length > 0) {
      const found = this.textMatches(q, words);
      slots = found ? found.matches.sort((a, b) => this.compare('newest', a, b)) : [];
    } else {
      const filter = this.filterOf(q);
      if (filter === null) return { points: [], total: 0 };
      const inBox = filter ? this.boxMatches(q.box, filter) : null;
      if (inBox) slots = inBox.sort((a, b) => this.compare('newest', a, b));
      else {
        const order = this.narrowestOrder({ ...q, sort: 'newest' });
        slots = filter ? order.filter((s) => filter(s)) : order;
      }
    }
    const points = slots.slice(0, Math.max(0, cap)).map((s) => {
      const doc = this.docs[s]!;
      return { id: doc.id, lat: this.areaLat[s], lng: this.areaLng[s], price: doc.price, paymentTerm: doc.paymentTerm };
    });
    return { points, total: slots.length };
  }
}
