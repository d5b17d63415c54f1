-- Prices that look wrong (src/properties/price-check.ts): the median price of the public listings
-- of one town and type is read from this index alone (an index-only scan of just those listings).
-- Partial on what the public sees, so it stays small and is only written for public listings.
CREATE INDEX "properties_price_check_idx" ON "listings"."properties"("property_type", "town", "payment_term")
  INCLUDE ("price", "owner_id", "id")
  WHERE "deleted_at" IS NULL AND "is_verified" AND "review_state" = 'approved' AND "status" = 'available' AND "held_at" IS NULL;
