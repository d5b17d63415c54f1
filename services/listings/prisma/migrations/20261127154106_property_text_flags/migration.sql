-- AlterTable
ALTER TABLE "properties" ADD COLUMN     "text_flags" TEXT[] DEFAULT ARRAY[]::TEXT[];
