-- AlterTable
ALTER TABLE "properties" ADD COLUMN     "held_at" TIMESTAMP(3),
ADD COLUMN     "hold_changed_at" TIMESTAMP(3);
