-- AlterTable
ALTER TABLE "properties" ADD COLUMN     "advance_months" INTEGER NOT NULL DEFAULT 0;
