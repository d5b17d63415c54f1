-- CreateEnum
CREATE TYPE "Language" AS ENUM ('en', 'fr');

-- AlterTable
ALTER TABLE "reviews" ADD COLUMN     "owner_language" "Language" NOT NULL DEFAULT 'en';
