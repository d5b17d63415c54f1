-- Similar listings (src/similar/similar-listings.service.ts): the public listings of one town and
-- category are read from this index alone (an index-only scan of just those listings, then a top-6
-- sort by type and monthly price). Partial on what the public sees (rules/visibility.ts
-- publiclyVisibleSql), so it stays small; the freshness clock is included for the 45-day rule.
CREATE INDEX "properties_similar_idx" ON "listings"."properties"("town", "category")
  INCLUDE ("property_type", "payment_term", "price", "owner_id", "id", "availability_confirmed_at")
  WHERE "deleted_at" IS NULL AND "is_verified" AND "review_state" = 'approved' AND "status" = 'available' AND "held_at" IS NULL;
