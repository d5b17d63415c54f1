-- Prices that look wrong: a listing unconfirmed for 45 days has left search (rules/freshness.ts), so
-- it no longer counts as a comparable. The index carries the freshness clock too, so the check
-- stays an index-only scan (same columns and predicate as property_price_check_index otherwise).
DROP INDEX "listings"."properties_price_check_idx";
CREATE INDEX "properties_price_check_idx" ON "listings"."properties"("property_type", "town", "payment_term")
  INCLUDE ("price", "owner_id", "id", "availability_confirmed_at")
  WHERE "deleted_at" IS NULL AND "is_verified" AND "review_state" = 'approved' AND "status" = 'available' AND "held_at" IS NULL;
