-- Favourites (docs/api.md#favourites): the listings each account keeps. One row per account and
-- listing (the primary key, which also serves "this account's favourites"); the property index
-- serves the cascade when a property row is purged. A soft-deleted property's rows stay but are
-- never read (every read joins live properties), so a deletion takes it off every list at once.
-- CreateTable
CREATE TABLE "listings"."favourites" (
    "user_id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "favourites_pkey" PRIMARY KEY ("user_id","property_id")
);

-- CreateIndex
CREATE INDEX "favourites_property_id_idx" ON "listings"."favourites"("property_id");

-- AddForeignKey
ALTER TABLE "listings"."favourites" ADD CONSTRAINT "favourites_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "listings"."properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;
