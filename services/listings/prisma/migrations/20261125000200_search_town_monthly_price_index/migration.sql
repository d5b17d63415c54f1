-- The price orders within one town: at 100,000 documents a small town's page (584 matches) walked
-- the whole search_documents_monthly_price_idx backwards (about 11 ms); led by the town, the index
-- reads just that town's documents in price order.
CREATE INDEX "search_documents_town_monthly_price_idx" ON "listings"."search_documents"("town_key", "monthly_price", "created_at" DESC, "property_id" DESC, "category", "property_type", "rooms", "price");
