-- AlterTable
ALTER TABLE "property_views" ADD COLUMN     "address_key" TEXT;
