-- DropIndex
DROP INDEX "search_documents_category_created_at_idx";

-- DropIndex
DROP INDEX "search_documents_price_idx";

-- DropIndex
DROP INDEX "search_documents_property_type_created_at_idx";

-- DropIndex
DROP INDEX "search_documents_rooms_idx";

-- CreateIndex
CREATE INDEX "search_documents_type_newest_filters_idx" ON "search_documents"("property_type", "created_at" DESC, "property_id" DESC, "category", "town_key", "rooms", "price");
