-- Trigram matching for the PostgreSQL search adapter's typo tolerance (search_terms index below).
-- Installed in `public` and referred to as `public.gin_trgm_ops` because migrations run with the
-- search_path set to this service's schema only. The adapter looks the operator's schema up itself.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "listings";

-- CreateEnum
CREATE TYPE "listings"."PropertyCategory" AS ENUM ('residential', 'commercial');

-- CreateEnum
CREATE TYPE "listings"."PaymentTerm" AS ENUM ('daily', 'monthly', 'quarterly', 'yearly');

-- CreateEnum
CREATE TYPE "listings"."PropertyStatus" AS ENUM ('available', 'rented', 'deactivated');

-- CreateEnum
CREATE TYPE "listings"."ReviewState" AS ENUM ('pending', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "listings"."OwnerRole" AS ENUM ('renter', 'landlord', 'caretaker', 'admin');

-- CreateTable
CREATE TABLE "listings"."properties" (
    "id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "category" "listings"."PropertyCategory" NOT NULL,
    "property_type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "price" INTEGER NOT NULL,
    "caution" INTEGER NOT NULL DEFAULT 0,
    "payment_term" "listings"."PaymentTerm" NOT NULL,
    "status" "listings"."PropertyStatus" NOT NULL DEFAULT 'available',
    "is_verified" BOOLEAN NOT NULL DEFAULT false,
    "review_state" "listings"."ReviewState" NOT NULL DEFAULT 'pending',
    "review_feedback" TEXT,
    "reviewed_at" TIMESTAMP(3),
    "country" TEXT NOT NULL DEFAULT 'Cameroon',
    "town" TEXT NOT NULL,
    "neighbourhood" TEXT NOT NULL,
    "amenities" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "bedrooms" INTEGER,
    "toilets" INTEGER,
    "kitchens" INTEGER,
    "living_rooms" INTEGER,
    "size" DOUBLE PRECISION,
    "distance_from_road" INTEGER,
    "sections" INTEGER,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3),

    CONSTRAINT "properties_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "listings"."property_images" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "large_key" TEXT NOT NULL,
    "large_url" TEXT NOT NULL,
    "thumb_key" TEXT NOT NULL,
    "thumb_url" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "thumb_width" INTEGER,
    "thumb_height" INTEGER,
    "alt" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "property_images_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "listings"."owners" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "whatsapp" TEXT NOT NULL,
    "role" "listings"."OwnerRole" NOT NULL,
    "is_verified" BOOLEAN NOT NULL DEFAULT false,
    "banned" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "owners_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "listings"."bookings" (
    "id" UUID NOT NULL,
    "renter_id" UUID NOT NULL,
    "landlord_id" UUID NOT NULL,
    "landlord_name" TEXT NOT NULL,
    "landlord_whatsapp" TEXT NOT NULL,
    "property_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bookings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "listings"."search_documents" (
    "property_id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "property_type" TEXT NOT NULL,
    "payment_term" TEXT NOT NULL,
    "price" INTEGER NOT NULL,
    "caution" INTEGER NOT NULL,
    "country" TEXT NOT NULL,
    "town" TEXT NOT NULL,
    "town_key" TEXT NOT NULL,
    "neighbourhood" TEXT NOT NULL,
    "rooms" INTEGER,
    "bedrooms" INTEGER,
    "toilets" INTEGER,
    "kitchens" INTEGER,
    "living_rooms" INTEGER,
    "size" DOUBLE PRECISION,
    "distance_from_road" INTEGER,
    "sections" INTEGER,
    "amenities" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "thumbnail_url" TEXT,
    "image_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL,
    "source_updated_at" TIMESTAMPTZ(3) NOT NULL,
    "indexed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "search_vector" tsvector NOT NULL,
    "title_vector" tsvector NOT NULL,
    "place_vector" tsvector NOT NULL,

    CONSTRAINT "search_documents_pkey" PRIMARY KEY ("property_id")
);

-- CreateTable
CREATE TABLE "listings"."search_terms" (
    "term" TEXT NOT NULL,

    CONSTRAINT "search_terms_pkey" PRIMARY KEY ("term")
);

-- CreateTable
CREATE TABLE "listings"."search_removals" (
    "property_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "removed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_removals_pkey" PRIMARY KEY ("property_id")
);

-- CreateTable
CREATE TABLE "listings"."outbox_events" (
    "seq" BIGSERIAL NOT NULL,
    "id" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "headers" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMP(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "listings"."processed_events" (
    "consumer" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "processed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("consumer","event_id")
);

-- CreateIndex
CREATE INDEX "properties_owner_id_created_at_idx" ON "listings"."properties"("owner_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "properties_status_created_at_idx" ON "listings"."properties"("status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "properties_is_verified_created_at_idx" ON "listings"."properties"("is_verified", "created_at" DESC);

-- CreateIndex
CREATE INDEX "properties_created_at_idx" ON "listings"."properties"("created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "property_images_property_id_position_key" ON "listings"."property_images"("property_id", "position");

-- CreateIndex
CREATE INDEX "bookings_renter_id_created_at_idx" ON "listings"."bookings"("renter_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "bookings_landlord_id_created_at_idx" ON "listings"."bookings"("landlord_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "bookings_property_id_idx" ON "listings"."bookings"("property_id");

-- CreateIndex
CREATE INDEX "search_documents_created_at_property_id_idx" ON "listings"."search_documents"("created_at" DESC, "property_id" DESC);

-- CreateIndex
CREATE INDEX "search_documents_town_key_created_at_idx" ON "listings"."search_documents"("town_key", "created_at" DESC);

-- CreateIndex
CREATE INDEX "search_documents_property_type_created_at_idx" ON "listings"."search_documents"("property_type", "created_at" DESC);

-- CreateIndex
CREATE INDEX "search_documents_category_created_at_idx" ON "listings"."search_documents"("category", "created_at" DESC);

-- CreateIndex
CREATE INDEX "search_documents_price_idx" ON "listings"."search_documents"("price");

-- CreateIndex
CREATE INDEX "search_documents_rooms_idx" ON "listings"."search_documents"("rooms");

-- CreateIndex
CREATE INDEX "search_documents_owner_id_idx" ON "listings"."search_documents"("owner_id");

-- CreateIndex
CREATE INDEX "search_documents_search_vector_idx" ON "listings"."search_documents" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "search_terms_term_idx" ON "listings"."search_terms" USING GIN ("term" public.gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "outbox_events_id_key" ON "listings"."outbox_events"("id");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_seq_idx" ON "listings"."outbox_events"("published_at", "seq");

-- AddForeignKey
ALTER TABLE "listings"."property_images" ADD CONSTRAINT "property_images_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "listings"."properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "listings"."bookings" ADD CONSTRAINT "bookings_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "listings"."properties"("id") ON DELETE SET NULL ON UPDATE CASCADE;

