-- Staff's daily figures (issue 29, docs/api.md#staff-figures): numbers per Cameroon day, never a row
-- per search and nothing naming a person.
-- CreateTable
CREATE TABLE "listing_days" (
    "day" DATE NOT NULL,
    "posted" INTEGER NOT NULL DEFAULT 0,
    "approved" INTEGER NOT NULL DEFAULT 0,
    "rejected" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "listing_days_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "search_days" (
    "day" DATE NOT NULL,
    "town" TEXT NOT NULL,
    "property_type" TEXT NOT NULL,
    "price_band" TEXT NOT NULL,
    "searches" INTEGER NOT NULL DEFAULT 0,
    "found_nothing" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "search_days_pkey" PRIMARY KEY ("day","town","property_type","price_band")
);

-- The days so far, from the listings kept: posted on the day they were created, and their last
-- decision on the day it was made (an earlier decision since overturned is not known any more).
INSERT INTO "listing_days" ("day", "posted", "approved", "rejected")
SELECT day, sum(posted)::int, sum(approved)::int, sum(rejected)::int FROM (
  SELECT (created_at AT TIME ZONE 'UTC' AT TIME ZONE 'Africa/Douala')::date AS day, 1 AS posted, 0 AS approved, 0 AS rejected FROM "properties"
  UNION ALL
  SELECT (reviewed_at AT TIME ZONE 'UTC' AT TIME ZONE 'Africa/Douala')::date, 0, (review_state = 'approved')::int, (review_state = 'rejected')::int
  FROM "properties" WHERE reviewed_at IS NOT NULL AND review_state <> 'pending'
) facts GROUP BY day;
