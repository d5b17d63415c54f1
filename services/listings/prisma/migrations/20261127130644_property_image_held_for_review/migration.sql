-- AlterTable
ALTER TABLE "property_images" ADD COLUMN     "held_for_review" BOOLEAN NOT NULL DEFAULT false;
