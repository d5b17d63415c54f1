-- "Who you are dealing with" (details): the owner's active listings are counted at each details
-- read from this index alone (an index-only scan of just that owner's public listings; the
-- freshness clock is its second column so the 45-day rule needs no row either). Partial on what
-- the public sees (rules/visibility.ts publiclyVisibleSql), so it stays small.
CREATE INDEX "properties_owner_public_idx" ON "listings"."properties"("owner_id", "availability_confirmed_at")
  WHERE "deleted_at" IS NULL AND "is_verified" AND "review_state" = 'approved' AND "status" = 'available' AND "held_at" IS NULL;
