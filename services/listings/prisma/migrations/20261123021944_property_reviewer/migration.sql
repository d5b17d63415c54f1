-- AlterTable
ALTER TABLE "properties" ADD COLUMN     "reviewed_by" UUID;
