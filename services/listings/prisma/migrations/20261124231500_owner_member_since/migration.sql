-- AlterTable
ALTER TABLE "owners" ADD COLUMN     "member_since" TIMESTAMP(3);
