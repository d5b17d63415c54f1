// The one contract every SearchIndex adapter passes (search semantics in docs/api.md#properties);
// run against PostgreSQL here, and against Meilisearch when MEILI_URL is set.
import { distanceKm } from '@mboa/contracts';
import type { SearchIndex, SearchQuery } from '../search-index.js';
import { catalogue, doc } from './fixtures.js';

export interface SearchIndexUnderTest {
  index: SearchIndex;
  /** Frees what the factory made (database, Meilisearch index). */
  dispose(): Promise<void>;
}

export function describeSearchIndexContract(name: string, factory: () => Promise<SearchIndexUnderTest>): void {
  describe(`SearchIndex contract: ${name}`, () => {
    let subject: SearchIndexUnderTest;
    let index: SearchIndex;

    beforeAll(async () => {
      subject = await factory();
      index = subject.index;
      await index.init();
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    const ids = async (query: SearchQuery) => (await index.search(query)).hits.map((h) => h.id);

    describe('queries', () => {
      const cat = catalogue();
      const newestFirst = (...docs: Array<{ id: string }>) => docs.map((d) => d.id);

      beforeAll(async () => {
        await index.clear();
        expect(await index.upsertMany(cat.all)).toBe(8);
      });

      it('lists everything newest first without text or filters', async () => {
        const res = await index.search({});
        expect(res.hits.map((h) => h.id)).toEqual(newestFirst(cat.h, cat.g, cat.f, cat.e, cat.d, cat.c, cat.b, cat.a));
        expect(res).toMatchObject({ total: 8, totalIsLowerBound: false, page: 1, limit: 12, totalPages: 1 });
      });

      it('returns the stored card fields', async () => {
        const [hit] = (await index.search({ search: 'Bonapriso' })).hits;
        const { score, ...card } = hit;
        expect(card).toEqual(cat.a);
        expect(typeof score).toBe('number');
      });

      it('filters by category', async () => {
        expect(await ids({ category: 'commercial' })).toEqual(newestFirst(cat.h, cat.e, cat.d));
        expect(await ids({ category: 'Residential' })).toEqual(newestFirst(cat.g, cat.f, cat.c, cat.b, cat.a));
      });

      it('filters by property type, whatever its case', async () => {
        expect(await ids({ propertyType: 'apartment' })).toEqual([cat.a.id]);
        expect(await ids({ propertyType: 'Apartment' })).toEqual([cat.a.id]);
        expect(await ids({ propertyType: 'Guest House' })).toEqual([cat.f.id]);
        expect(await ids({ propertyType: 'castle' })).toEqual([]);
      });

      it('filters by town, ignoring case and accents', async () => {
        const douala = newestFirst(cat.g, cat.d, cat.a);
        expect(await ids({ town: 'Douala' })).toEqual(douala);
        expect(await ids({ town: 'douala' })).toEqual(douala);
        expect(await ids({ town: ' DOUALA ' })).toEqual(douala);
        expect(await ids({ town: 'Yaounde' })).toEqual([cat.b.id]);
        expect(await ids({ town: 'yaoundé' })).toEqual([cat.b.id]);
        expect(await ids({ town: 'Doua' })).toEqual([]);
      });

      it('reads rooms=N as N or more bedrooms or sections', async () => {
        expect(await ids({ rooms: 2 })).toEqual(newestFirst(cat.h, cat.f, cat.d, cat.c, cat.a));
        expect(await ids({ rooms: 5 })).toEqual([cat.c.id]);
        expect(await ids({ rooms: 6 })).toEqual([]);
        expect(await ids({ rooms: 4, category: 'commercial' })).toEqual([cat.d.id]);
      });

      it('filters by price range, bounds included', async () => {
        expect(await ids({ minPrice: 50000, maxPrice: 150000 })).toEqual(newestFirst(cat.e, cat.b, cat.a));
        expect(await ids({ minPrice: 500000 })).toEqual(newestFirst(cat.h, cat.d));
        expect(await ids({ maxPrice: 30000 })).toEqual(newestFirst(cat.g, cat.f));
        expect(await ids({ minPrice: 200000, maxPrice: 100000 })).toEqual([]);
      });

      it('keeps only listings whose control was checked, with the other filters and text', async () => {
        const checked = catalogue();
        // An hour after c: with the same date the two would tie, and ids (random) would decide their order.
        const owner = { ...checked.c, controlKind: 'owner' as const, createdAt: new Date(Date.parse(checked.c.createdAt) + 3_600_000).toISOString() };
        const caretaker = { ...checked.d, controlKind: 'caretaker' as const };
        expect(await index.upsertMany([owner, caretaker])).toBe(2);
        try {
          expect(await ids({ controlChecked: true })).toEqual(newestFirst(caretaker, owner));
          expect(await ids({ controlChecked: true, category: 'commercial' })).toEqual([caretaker.id]);
          expect(await ids({ controlChecked: true, search: 'duplex' })).toEqual([owner.id]);
          expect(await ids({ controlChecked: true, town: 'Kribi' })).toEqual([]);
          // Left out (or false, which the gateway refuses before it gets here), nothing is filtered.
          expect(await ids({ controlChecked: false, search: 'duplex' })).toEqual(newestFirst(owner, cat.c));
          const [card] = (await index.search({ controlChecked: true, search: 'office' })).hits;
          expect(card.controlKind).toBe('caretaker');
          expect((await index.search({ search: 'Bonapriso' })).hits[0].controlKind).toBeNull();
        } finally {
          await index.removeMany([owner.id, caretaker.id]);
        }
      });

      it('combines filters', async () => {
        expect(await ids({ category: 'residential', town: 'douala', rooms: 2 })).toEqual([cat.a.id]);
        expect(await ids({ category: 'commercial', town: 'Douala', minPrice: 100000, maxPrice: 600000 })).toEqual([cat.d.id]);
        expect(await ids({ propertyType: 'office', town: 'Kribi' })).toEqual([]);
      });

      it('matches text in the title, description, town, neighbourhood and type', async () => {
        expect(await ids({ search: 'duplex' })).toEqual([cat.c.id]); // title
        expect(await ids({ search: 'port' })).toEqual([cat.h.id]); // description
        expect(await ids({ search: 'Kribi' })).toEqual([cat.h.id]); // town
        expect(await ids({ search: 'Molyko' })).toEqual([cat.c.id]); // neighbourhood
        expect(await ids({ search: 'studio' })).toEqual([cat.b.id]); // type only
        expect(await ids({ search: 'Guest House' })).toEqual([cat.f.id]); // two-word type
      });

      it('needs every word to match', async () => {
        expect(await ids({ search: 'apartment bonapriso' })).toEqual([cat.a.id]);
        expect(await ids({ search: 'apartment kribi' })).toEqual([]);
        expect(await ids({ search: 'nothingmatchesthis' })).toEqual([]);
      });

      it('treats the last word as a prefix (search as you type)', async () => {
        expect(await ids({ search: 'bonap' })).toEqual([cat.a.id]);
        expect(await ids({ search: 'spacious dup' })).toEqual([cat.c.id]);
      });

      it('tolerates a one-letter typo in words of five letters or more', async () => {
        expect(new Set(await ids({ search: 'Doula' }))).toEqual(new Set([cat.a.id, cat.d.id, cat.g.id]));
        expect(await ids({ search: 'apartmnt' })).toEqual([cat.a.id]);
        expect(await ids({ search: 'Yaunde' })).toEqual([cat.b.id]);
        expect(await ids({ search: 'warehuose' })).toEqual(expect.arrayContaining([cat.h.id]));
        expect(await ids({ search: 'duplex Moliko' })).toEqual([cat.c.id]);
      });

      it('ignores case and accents in text', async () => {
        expect(await ids({ search: 'Yaoundé' })).toEqual([cat.b.id]);
        expect(await ids({ search: 'YAOUNDE' })).toEqual([cat.b.id]);
        expect(await ids({ search: 'residence' })).toEqual([cat.c.id]);
        expect(await ids({ search: 'RÉSIDENCE' })).toEqual([cat.c.id]);
      });

      it('ranks a title match above a description match', async () => {
        expect(await ids({ search: 'warehouse' })).toEqual([cat.h.id, cat.d.id]);
      });

      it('combines text with filters', async () => {
        expect(await ids({ search: 'douala', category: 'commercial' })).toEqual([cat.d.id]);
        expect(await ids({ search: 'floor', rooms: 2 })).toEqual([cat.d.id]);
      });

      it('treats text without any letter or digit as no text', async () => {
        const res = await index.search({ search: ' !!! ' });
        expect(res.total).toBe(8);
        expect(res.hits[0].id).toBe(cat.h.id);
      });

      it('is not fooled by SQL or filter syntax in user input', async () => {
        const hostile = [
          "'; DROP TABLE listings.search_documents; --",
          "x' OR '1'='1",
          'a & | ! :* ( ) <-> \\ "',
          'douala" OR category = "residential',
          '%_%',
        ];
        for (const text of hostile) {
          await expect(index.search({ search: text })).resolves.toBeDefined();
          expect((await index.search({ town: text })).total).toBe(0);
          expect((await index.search({ category: text })).total).toBe(0);
          expect((await index.search({ propertyType: text })).total).toBe(0);
        }
        expect((await index.search({ search: "x' OR '1'='1" })).total).toBe(0);
        expect((await index.search({})).total).toBe(8);
      });
    });

    describe('French and English words', () => {
      // Titles and descriptions name nothing: only the stored type, amenities and payment term do.
      const plain = { title: 'A listing', description: 'See the photos.', amenities: [] as string[] };
      const apartment = doc({ ...plain, propertyType: 'apartment', amenities: ['water', 'furnished', 'gym'], paymentTerm: 'yearly' });
      const room = doc({ ...plain, propertyType: 'Single Room', amenities: ['electricity'] });
      const studio = doc({ ...plain, propertyType: 'studio', amenities: ['ac', 'parking'] });
      const shop = doc({ ...plain, category: 'commercial', propertyType: 'shop', bedrooms: null, sections: 1 });
      const office = doc({ ...plain, category: 'commercial', propertyType: 'office', bedrooms: null, sections: 2, amenities: ['electricity', 'water'] });
      const warehouse = doc({ ...plain, category: 'commercial', propertyType: 'warehouse', bedrooms: null, sections: 2 });
      const found = async (search: string) => new Set(await ids({ search }));

      beforeAll(async () => {
        await index.clear();
        await index.upsertMany([apartment, room, studio, shop, office, warehouse]);
      });

      it('finds a property by its type in French, with or without accents', async () => {
        expect(await found('appartement')).toEqual(new Set([apartment.id]));
        expect(await found('APPARTEMENT')).toEqual(new Set([apartment.id]));
        expect(await found('chambre')).toEqual(new Set([room.id]));
        expect(await found('studio')).toEqual(new Set([studio.id]));
        expect(await found('boutique')).toEqual(new Set([shop.id]));
        expect(await found('bureau')).toEqual(new Set([office.id]));
        // The label of a warehouse, and what most people here call a shop.
        expect(await found('magasin')).toEqual(new Set([shop.id, warehouse.id]));
        expect(await found('entrepôt')).toEqual(new Set([warehouse.id]));
      });

      it('finds a property by its amenities in French, with or without accents', async () => {
        expect(await found('eau')).toEqual(new Set([apartment.id, office.id]));
        for (const word of ['électricité', 'electricite', 'Électricité', 'ELECTRICITE', 'courant']) {
          expect(await found(word)).toEqual(new Set([room.id, office.id]));
        }
        expect(await found('climatisation')).toEqual(new Set([studio.id]));
        expect(await found('clim')).toEqual(new Set([studio.id]));
        expect(await found('parking')).toEqual(new Set([studio.id]));
        expect(await found('meublé')).toEqual(new Set([apartment.id]));
        expect(await found('meublee')).toEqual(new Set([apartment.id]));
        expect(await found('annuel')).toEqual(new Set([apartment.id]));
      });

      it('still finds them in English, and combines words of both languages', async () => {
        expect(await found('apartment')).toEqual(new Set([apartment.id]));
        expect(await found('single room')).toEqual(new Set([room.id]));
        expect(await found('water')).toEqual(new Set([apartment.id, office.id]));
        expect(await found('air conditioning')).toEqual(new Set([studio.id]));
        expect(await found('bureau electricity')).toEqual(new Set([office.id]));
        expect(await found('appartement eau')).toEqual(new Set([apartment.id]));
        expect(await found('appartement clim')).toEqual(new Set());
      });

      it('forgives a typo in a French word as in any other', async () => {
        expect(await found('apartement')).toEqual(new Set([apartment.id]));
        expect(await found('boutiqe')).toEqual(new Set([shop.id]));
      });

      it('does not match everything with an unrelated or filler word', async () => {
        expect(await found('piscine')).toEqual(new Set());
        expect(await found('maison')).toEqual(new Set());
        expect(await found('jardin')).toEqual(new Set());
        // "Salle de sport" is found, but its "de" is not a word of every property with a gym.
        expect(await found('salle de sport')).toEqual(new Set([apartment.id]));
        expect(await ids({ search: 'de' })).not.toContain(apartment.id);
      });
    });

    describe('paging', () => {
      const many = Array.from({ length: 30 }, (_, i) => doc({ day: 100 + i, title: `Listing number ${i}` }));
      const newest = [...many].reverse().map((d) => d.id);

      beforeAll(async () => {
        await index.clear();
        await index.upsertMany(many);
      });

      it('gives 12 per page by default, with total and totalPages', async () => {
        const p1 = await index.search({});
        expect(p1).toMatchObject({ total: 30, page: 1, limit: 12, totalPages: 3 });
        expect(p1.hits.map((h) => h.id)).toEqual(newest.slice(0, 12));
        const p2 = await index.search({ page: 2 });
        expect(p2.hits.map((h) => h.id)).toEqual(newest.slice(12, 24));
        const p3 = await index.search({ page: 3 });
        expect(p3.hits.map((h) => h.id)).toEqual(newest.slice(24));
      });

      it('pages text results the same way', async () => {
        const p1 = await index.search({ search: 'listing', limit: 10 });
        const p2 = await index.search({ search: 'listing', limit: 10, page: 2 });
        const p3 = await index.search({ search: 'listing', limit: 10, page: 3 });
        expect(p1).toMatchObject({ total: 30, totalPages: 3 });
        const all = [...p1.hits, ...p2.hits, ...p3.hits].map((h) => h.id);
        expect(new Set(all).size).toBe(30);
      });

      it('answers an empty page past the end', async () => {
        const res = await index.search({ page: 9 });
        expect(res).toMatchObject({ hits: [], total: 30, page: 9, totalPages: 3 });
      });

      it('caps limit at 50 and repairs nonsense paging', async () => {
        expect(await index.search({ limit: 1000 })).toMatchObject({ limit: 50, totalPages: 1 });
        expect((await index.search({ limit: 1000 })).hits).toHaveLength(30);
        expect(await index.search({ limit: 0, page: 0 })).toMatchObject({ limit: 1, page: 1, totalPages: 30 });
        expect(await index.search({ limit: 5, page: -3 })).toMatchObject({ page: 1, totalPages: 6 });
      });

      it('reports no pages when nothing matches', async () => {
        expect(await index.search({ town: 'Garoua' })).toMatchObject({ hits: [], total: 0, totalPages: 0 });
      });
    });

    describe('price orders', () => {
      // Every term, compared by its monthly equivalent (a day ×30, a quarter ÷3, a year ÷12): the
      // listed price alone would put the daily 5 000 first and the yearly 540 000 last.
      const flat = (day: number, paymentTerm: string, price: number, town = 'Douala') =>
        doc({ day: 200 + day, title: `Sorted flat ${day}`, paymentTerm, price, town });
      const m1 = flat(1, 'monthly', 45_000);
      const y1 = flat(2, 'yearly', 540_000); // 45 000 a month
      const d1 = flat(3, 'daily', 1_500); // 45 000 a month
      const q1 = flat(4, 'quarterly', 90_000); // 30 000 a month
      const m2 = flat(5, 'monthly', 60_000, 'Kribi');
      const d2 = flat(6, 'daily', 5_000, 'Kribi'); // 150 000 a month
      const y2 = flat(7, 'yearly', 300_000); // 25 000 a month
      const q2 = flat(8, 'quarterly', 100_000); // 33 333.33 a month
      const m3 = flat(9, 'monthly', 33_333);
      // Equal monthly equivalents (d1, y1, m1) stay newest first in both directions.
      const cheapest = [y2, q1, m3, q2, d1, y1, m1, m2, d2].map((d) => d.id);
      const dearest = [d2, m2, d1, y1, m1, q2, m3, q1, y2].map((d) => d.id);

      beforeAll(async () => {
        await index.clear();
        await index.upsertMany([m1, y1, d1, q1, m2, d2, y2, q2, m3]);
      });

      it('orders by the monthly equivalent across terms, ties newest first', async () => {
        expect(await ids({ sort: 'price-asc' })).toEqual(cheapest);
        expect(await ids({ sort: 'price-desc' })).toEqual(dearest);
      });

      it('keeps newest first as the default', async () => {
        const newest = [m3, q2, y2, d2, m2, q1, d1, y1, m1].map((d) => d.id);
        expect(await ids({})).toEqual(newest);
        expect(await ids({ sort: 'newest' })).toEqual(newest);
      });

      it('pages through the same order without a gap or a repeat', async () => {
        for (const [sort, order] of [['price-asc', cheapest], ['price-desc', dearest]] as const) {
          const pages = await Promise.all([1, 2, 3].map((page) => index.search({ sort, limit: 4, page })));
          expect(pages.map((p) => p.total)).toEqual([9, 9, 9]);
          expect(pages.flatMap((p) => p.hits.map((h) => h.id))).toEqual(order);
        }
      });

      it('applies the filters, then the order', async () => {
        const inDouala = dearest.filter((id) => id !== d2.id && id !== m2.id);
        expect(await ids({ town: 'douala', sort: 'price-desc' })).toEqual(inDouala);
        expect(await ids({ minPrice: 45_000, maxPrice: 100_000, sort: 'price-asc' })).toEqual([q1.id, q2.id, m1.id, m2.id]);
      });

      it('orders every text match by price instead of relevance', async () => {
        expect(await ids({ search: 'sorted flat', sort: 'price-asc' })).toEqual(cheapest);
        expect(await ids({ search: 'sorted', sort: 'price-desc', limit: 3, page: 2 })).toEqual(dearest.slice(3, 6));
      });

      it('answers the monthly equivalent with each card', async () => {
        const [hit] = (await index.search({ search: 'sorted', town: 'kribi', sort: 'price-desc' })).hits;
        expect(hit).toMatchObject({ id: d2.id, price: 5_000, paymentTerm: 'daily', monthlyPrice: 150_000 });
      });
    });

    describe('writes', () => {
      beforeEach(async () => {
        await index.clear();
      });

      it('ignores an upsert older than, or as old as, the stored version', async () => {
        const v2 = doc({ title: 'Newer mansion', version: 2 });
        expect(await index.upsert(v2)).toBe(true);
        expect(await index.upsert({ ...v2, title: 'Older bungalow', version: 1 })).toBe(false);
        expect(await index.upsert({ ...v2, title: 'Same version bungalow', version: 2 })).toBe(false);
        expect(await ids({ search: 'bungalow' })).toEqual([]);
        expect(await ids({ search: 'mansion' })).toEqual([v2.id]);
        expect(await index.upsert({ ...v2, title: 'Newest villa', price: 9, version: 3 })).toBe(true);
        const [hit] = (await index.search({ search: 'villa' })).hits;
        expect(hit).toMatchObject({ id: v2.id, price: 9, version: 3 });
        expect(await ids({ search: 'mansion' })).toEqual([]);
      });

      it('removes a property, and a late older upsert does not bring it back', async () => {
        const v1 = doc({ title: 'Removed cottage', version: 1 });
        await index.upsert(v1);
        expect(await index.remove(v1.id, 2)).toBe(true);
        expect(await ids({ search: 'cottage' })).toEqual([]);
        expect(await index.upsert({ ...v1, version: 2 })).toBe(false);
        expect(await index.upsert(v1)).toBe(false);
        expect((await index.search({})).total).toBe(0);
        expect(await index.upsert({ ...v1, title: 'Relisted cottage', version: 3 })).toBe(true);
        expect(await ids({ search: 'cottage' })).toEqual([v1.id]);
      });

      it('ignores a removal older than the stored version', async () => {
        const v5 = doc({ title: 'Stubborn chalet', version: 5 });
        await index.upsert(v5);
        expect(await index.remove(v5.id, 4)).toBe(false);
        expect(await ids({ search: 'chalet' })).toEqual([v5.id]);
      });

      it('removes whatever the version when none is given', async () => {
        const v9 = doc({ title: 'Hard deleted hut', version: 9 });
        await index.upsert(v9);
        expect(await index.remove(v9.id)).toBe(true);
        expect(await index.remove(v9.id)).toBe(false);
        expect((await index.search({})).total).toBe(0);
      });

      it('removes a property not in the index without complaint', async () => {
        const ghost = doc({ version: 3 });
        expect(await index.remove(ghost.id, 3)).toBe(false);
        expect(await index.upsert({ ...ghost, version: 3 })).toBe(false);
        expect(await index.upsert({ ...ghost, version: 4 })).toBe(true);
      });

      it('upserts and removes many, keeping the newest of duplicates', async () => {
        const docs = Array.from({ length: 5 }, (_, i) => doc({ title: `Batch flat ${i}` }));
        const dup = { ...docs[0], title: 'Batch penthouse', version: 7 };
        expect(await index.upsertMany([...docs, dup])).toBe(5);
        expect(await ids({ search: 'penthouse' })).toEqual([docs[0].id]);
        expect(await index.upsertMany(docs)).toBe(0);
        await index.removeMany([docs[1].id, docs[2].id]);
        expect((await index.search({ search: 'batch' })).total).toBe(3);
      });

      it('clears everything', async () => {
        await index.upsertMany([doc({}), doc({})]);
        await index.clear();
        expect((await index.search({})).total).toBe(0);
      });

      it('reports health', async () => {
        expect(await index.health()).toMatchObject({ ok: true, backend: index.backend });
      });
    });

    describe('areas: boxes, distance and the map', () => {
      // Around Akwa, Douala; `near` is the place a renter searches from.
      const near = { lat: 4.05, lng: 9.7 };
      const box = { west: 9.6, south: 4.0, east: 9.8, north: 4.2 };
      const p1 = doc({ day: 1, title: 'Mapped flat one', area: { lat: 4.051, lng: 9.701 } });
      const p2 = doc({ day: 2, title: 'Riverside mapped flat', area: { lat: 4.06, lng: 9.71 } });
      const p3 = doc({ day: 3, title: 'Riverside mapped studio', area: { lat: 4.1, lng: 9.75 } });
      const tieOld = doc({ day: 4, title: 'Mapped twin older', area: { lat: 4.07, lng: 9.7 } });
      const tieNew = doc({ day: 5, title: 'Mapped twin newer', area: { lat: 4.07, lng: 9.7 } });
      // On the box's north-east corner: edges are in.
      const corner = doc({ day: 6, title: 'Mapped corner shop', category: 'commercial', propertyType: 'shop', bedrooms: null, sections: 1, rooms: 1, area: { lat: 4.2, lng: 9.8 } });
      const far = doc({ day: 7, title: 'Mapped flat in Yaounde', town: 'Yaoundé', area: { lat: 3.87, lng: 11.52 } });
      const noPinOld = doc({ day: 8, title: 'Unmapped flat older' });
      const noPinNew = doc({ day: 9, title: 'Riverside unmapped flat' });
      const all = [p1, p2, p3, tieOld, tieNew, corner, far, noPinOld, noPinNew];
      const idsOf = (...docs: Array<{ id: string }>) => docs.map((d) => d.id);
      const nearestFirst = idsOf(p1, p2, tieNew, tieOld, p3, corner, far, noPinNew, noPinOld);

      beforeAll(async () => {
        await index.clear();
        expect(await index.upsertMany(all)).toBe(all.length);
      });

      it('keeps the listings whose area centre is in the box, edges included, never one without a pin', async () => {
        expect(await ids({ bbox: box })).toEqual(idsOf(corner, tieNew, tieOld, p3, p2, p1));
        expect((await index.search({ bbox: box })).total).toBe(6);
        // The corner a hair outside the east edge.
        expect(await ids({ bbox: { ...box, east: 9.79999 } })).toEqual(idsOf(tieNew, tieOld, p3, p2, p1));
        expect(await ids({ bbox: { west: 11, south: 3.5, east: 12, north: 4.5 } })).toEqual([far.id]);
        expect(await ids({ bbox: { west: 14, south: 10, east: 15, north: 11 } })).toEqual([]);
      });

      it('combines the box with filters and text', async () => {
        expect(await ids({ bbox: box, category: 'commercial' })).toEqual([corner.id]);
        expect(await ids({ bbox: box, search: 'riverside' })).toEqual(idsOf(p3, p2));
        expect(await ids({ bbox: box, town: 'Yaounde' })).toEqual([]);
      });

      it('orders by distance from near, equal distances newest first, listings without a pin last (newest first)', async () => {
        expect(await ids({ near, sort: 'distance' })).toEqual(nearestFirst);
        expect(await ids({ near, sort: 'distance', limit: 3, page: 2 })).toEqual(nearestFirst.slice(3, 6));
        expect(await ids({ near, sort: 'distance', limit: 3, page: 3 })).toEqual(nearestFirst.slice(6, 9));
        expect((await index.search({ near, sort: 'distance', limit: 3 })).total).toBe(all.length);
      });

      it('orders text matches by distance too, and a box with a distance', async () => {
        expect(await ids({ near, sort: 'distance', search: 'riverside' })).toEqual(idsOf(p2, p3, noPinNew));
        expect(await ids({ near, sort: 'distance', bbox: box })).toEqual(idsOf(p1, p2, tieNew, tieOld, p3, corner));
      });

      it('gives each hit with an area its distance from near, in kilometres from the area centre', async () => {
        const hits = (await index.search({ near, sort: 'distance' })).hits;
        for (const hit of hits) {
          if (hit.area) expect(hit.distanceKm).toBe(distanceKm(near, hit.area));
          else expect(hit.distanceKm).toBeUndefined();
        }
        expect(hits[0]).toMatchObject({ id: p1.id, distanceKm: 0.2, area: p1.area });
        expect(hits.find((h) => h.id === far.id)?.distanceKm).toBeGreaterThan(150);
        // Near without the distance order: the usual order, the distances still on the cards.
        const newest = (await index.search({ near })).hits;
        expect(newest.map((h) => h.id)[0]).toBe(noPinNew.id);
        expect(newest.find((h) => h.id === p2.id)?.distanceKm).toBe(distanceKm(near, p2.area!));
        expect((await index.search({})).hits.every((h) => h.distanceKm === undefined)).toBe(true);
      });

      it('answers the map: area centres in the box newest first, the exact count, at most the cap', async () => {
        const map = await index.points({ bbox: box }, 500);
        expect(map.total).toBe(6);
        expect(map.points.map((p) => p.id)).toEqual(idsOf(corner, tieNew, tieOld, p3, p2, p1));
        expect(map.points[0]).toEqual({ id: corner.id, lat: 4.2, lng: 9.8, price: corner.price, paymentTerm: corner.paymentTerm });
        const capped = await index.points({ bbox: box }, 2);
        expect(capped).toEqual({ total: 6, points: map.points.slice(0, 2) });
        expect((await index.points({ bbox: box, search: 'riverside' }, 500)).points.map((p) => p.id)).toEqual(idsOf(p3, p2));
        expect(await index.points({ bbox: box, category: 'commercial', maxPrice: 1 }, 500)).toEqual({ points: [], total: 0 });
        expect(await index.points({}, 500)).toEqual({ points: [], total: 0 });
      });

      it('moves a listing when its area changes, and takes it off the map when its pin goes', async () => {
        await index.upsert({ ...p1, version: 2, area: { lat: 3.9, lng: 11.5 } });
        expect(await ids({ bbox: box })).not.toContain(p1.id);
        await index.upsert({ ...p1, version: 3, area: null });
        expect((await index.points({ bbox: { west: 11, south: 3.5, east: 12, north: 4.5 } }, 500)).points.map((p) => p.id)).toEqual([far.id]);
        expect((await ids({ near, sort: 'distance' })).slice(-3)).toEqual(idsOf(noPinNew, noPinOld, p1));
      });
    });
  });
}
