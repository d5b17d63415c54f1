-- Fresh listings: when each listing's availability was last confirmed, its reminders and one-time links.
-- AlterTable
ALTER TABLE "properties" ADD COLUMN     "availability_confirmed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "availability_lapsed_at" TIMESTAMP(3),
ADD COLUMN     "availability_reminded_at" TIMESTAMP(3);

-- Existing listings: their last change is the last sign their owner looked after them.
UPDATE "properties" SET "availability_confirmed_at" = GREATEST("created_at", "updated_at");

-- CreateTable
CREATE TABLE "availability_links" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),

    CONSTRAINT "availability_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "availability_links_token_hash_key" ON "availability_links"("token_hash");

-- CreateIndex
CREATE INDEX "availability_links_property_id_idx" ON "availability_links"("property_id");

-- CreateIndex
CREATE INDEX "properties_availability_confirmed_at_idx" ON "properties"("availability_confirmed_at");

-- AddForeignKey
ALTER TABLE "availability_links" ADD CONSTRAINT "availability_links_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;
