-- Owner insights kept as daily figures (issue 29): one row per listing and Cameroon day, its views
-- incremented by the view recorder (src/insights/view-recorder.ts), never a row per view.
-- property_views stays as the short register of who was already counted today (swept after two
-- days instead of 35); the insights read these rows.
CREATE TABLE "property_view_days" (
    "property_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "property_view_days_pkey" PRIMARY KEY ("property_id","day")
);

-- Rows arrive in day order: a few pages of BRIN index serve the sweep of days past keepDays.
CREATE INDEX "property_view_days_day_idx" ON "property_view_days" USING BRIN ("day");

-- The views counted so far become the days' figures (one person once a day, as they were counted).
INSERT INTO "property_view_days" ("property_id", "day", "views")
SELECT "property_id", "day", count(*)::int FROM "property_views" GROUP BY 1, 2;
