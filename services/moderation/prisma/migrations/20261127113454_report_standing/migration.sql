-- AlterTable
ALTER TABLE "reports" ADD COLUMN     "account_key" TEXT,
ADD COLUMN     "address_key" TEXT,
ADD COLUMN     "standing" TEXT;
