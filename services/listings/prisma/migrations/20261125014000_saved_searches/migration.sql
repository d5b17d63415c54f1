-- Saved searches and their alerts (docs/api.md#saved-searches). A renter keeps the home filters
-- (normalised, as JSON) with a name and how often to hear; `filters_key` is the filters' canonical
-- text, unique per user, so the same search is saved once.
-- CreateTable
CREATE TABLE "listings"."saved_searches" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "filters" JSONB NOT NULL,
    "filters_key" TEXT NOT NULL,
    "frequency" TEXT NOT NULL DEFAULT 'instant',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "saved_searches_pkey" PRIMARY KEY ("id")
);

-- One alert per saved search and listing, whatever redelivers the event (the unique index): that
-- is what makes matching exactly-once across restarts. `mailed_at` is set in the transaction that
-- mailed it; `unsubscribe_token_hash` is the sha256 of the one-click link's token it carried.
-- CreateTable
CREATE TABLE "listings"."saved_search_alerts" (
    "id" UUID NOT NULL,
    "saved_search_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "mailed_at" TIMESTAMP(3),
    "skipped" BOOLEAN NOT NULL DEFAULT false,
    "whatsapp_sent_at" TIMESTAMP(3),
    "unsubscribe_token_hash" TEXT,

    CONSTRAINT "saved_search_alerts_pkey" PRIMARY KEY ("id")
);

-- A user's daily digest: one row per user and day, inserted in the transaction that mails it, so
-- a day's digest goes once even with several replicas sweeping.
-- CreateTable
CREATE TABLE "listings"."saved_search_digests" (
    "user_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "sent_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_search_digests_pkey" PRIMARY KEY ("user_id","day")
);

-- CreateIndex
CREATE UNIQUE INDEX "saved_searches_user_id_filters_key_key" ON "listings"."saved_searches"("user_id", "filters_key");

-- CreateIndex
CREATE UNIQUE INDEX "saved_search_alerts_saved_search_id_property_id_key" ON "listings"."saved_search_alerts"("saved_search_id", "property_id");

-- CreateIndex
CREATE UNIQUE INDEX "saved_search_alerts_unsubscribe_token_hash_key" ON "listings"."saved_search_alerts"("unsubscribe_token_hash");

-- CreateIndex
CREATE INDEX "saved_search_alerts_user_id_mailed_at_idx" ON "listings"."saved_search_alerts"("user_id", "mailed_at");

-- CreateIndex
CREATE INDEX "saved_search_alerts_property_id_idx" ON "listings"."saved_search_alerts"("property_id");

-- AddForeignKey
ALTER TABLE "listings"."saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_saved_search_id_fkey" FOREIGN KEY ("saved_search_id") REFERENCES "listings"."saved_searches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "listings"."saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "listings"."properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;
