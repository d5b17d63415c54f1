-- Owner insights (docs/api.md#owner-insights): one row per person who opened a listing's details
-- page on a day (Cameroon's calendar), so a person counts once a day however often they look.
-- Written in batches with ON CONFLICT DO NOTHING (src/insights/view-recorder.ts); read per listing
-- and day range through the primary key. No foreign key: a view of a listing deleted since is
-- harmless and is swept with the rest. The BRIN index serves the sweep of days past
-- LIMITS.insights.keepDays: rows arrive in day order, so a few pages of index cover the table.
CREATE TABLE "listings"."property_views" (
    "property_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "viewer_key" TEXT NOT NULL,

    CONSTRAINT "property_views_pkey" PRIMARY KEY ("property_id","day","viewer_key")
);

CREATE INDEX "property_views_day_idx" ON "listings"."property_views" USING BRIN ("day");
