-- AlterTable
ALTER TABLE "bookings" ADD COLUMN     "renter_number_proven" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "owners" ADD COLUMN     "identity_checked_at" TIMESTAMP(3),
ADD COLUMN     "proven_whatsapp" TEXT,
ADD COLUMN     "whatsapp_proven_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "properties" ADD COLUMN     "control_checked_at" TIMESTAMP(3),
ADD COLUMN     "control_kind" TEXT;
