-- The approximate area's centre of a pinned property (x = lng, y = lat; issue 28, docs/maps.md), null
-- without a pin; never the exact pin. Filled by the next start's words refresh (the document format
-- changed) or `npm run search:reindex`.
ALTER TABLE "listings"."search_documents" ADD COLUMN "area" point;

-- A box search (`area <@ box(...)`) and a nearest-first order (`area <-> point(...)`, a k-NN walk)
-- both read it; rows without an area are not in it.
CREATE INDEX "search_documents_area_idx" ON "listings"."search_documents" USING GIST ("area");
