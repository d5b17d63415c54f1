/*
  Warnings:

  - A unique constraint covering the columns `[posting_key]` on the table `properties` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterTable
ALTER TABLE "properties" ADD COLUMN     "posting_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "properties_posting_key_key" ON "properties"("posting_key");
