-- The price orders of search (sort=price-asc / price-desc) compare the monthly equivalent of each
-- price: a day ×30, a quarter ÷3, a year ÷12. Stored documents get it here with the same float
-- arithmetic as search-document.ts monthlyPriceOf (one multiplication, one division), so they sort
-- exactly as documents written afterwards.
ALTER TABLE "listings"."search_documents" ADD COLUMN "monthly_price" DOUBLE PRECISION;
UPDATE "listings"."search_documents" SET "monthly_price" = CASE "payment_term"
  WHEN 'daily' THEN ("price"::float8 * 30) / 1
  WHEN 'quarterly' THEN ("price"::float8 * 1) / 3
  WHEN 'yearly' THEN ("price"::float8 * 1) / 12
  ELSE "price"::float8
END;
ALTER TABLE "listings"."search_documents" ALTER COLUMN "monthly_price" SET NOT NULL;

CREATE INDEX "search_documents_monthly_price_idx" ON "listings"."search_documents"("monthly_price", "created_at" DESC, "property_id" DESC, "category", "property_type", "town_key", "rooms", "price");
