-- AlterTable
ALTER TABLE "property_images" ADD COLUMN     "cropped_hashes" BIGINT[] DEFAULT ARRAY[]::BIGINT[],
ADD COLUMN     "perceptual_hash" BIGINT;
