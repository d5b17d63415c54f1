-- AlterTable
ALTER TABLE "password_resets" ADD COLUMN     "token_hash" TEXT;
