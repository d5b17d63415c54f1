-- AlterTable
ALTER TABLE "property_images" ADD COLUMN     "turned_hashes" BIGINT[] DEFAULT ARRAY[]::BIGINT[];
