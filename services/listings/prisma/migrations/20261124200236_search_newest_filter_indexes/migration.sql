-- DropIndex
DROP INDEX "search_documents_created_at_property_id_idx";

-- DropIndex
DROP INDEX "search_documents_town_key_created_at_idx";

-- CreateIndex
CREATE INDEX "search_documents_newest_filters_idx" ON "search_documents"("created_at" DESC, "property_id" DESC, "category", "property_type", "town_key", "rooms", "price");

-- CreateIndex
CREATE INDEX "search_documents_town_newest_filters_idx" ON "search_documents"("town_key", "created_at" DESC, "property_id" DESC, "category", "property_type", "rooms", "price");
