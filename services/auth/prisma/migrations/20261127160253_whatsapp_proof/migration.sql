-- AlterTable
ALTER TABLE "users" ADD COLUMN     "whatsapp_proven_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "whatsapp_proofs" (
    "user_id" UUID NOT NULL,
    "number" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "sent_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "whatsapp_proofs_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "whatsapp_proofs" ADD CONSTRAINT "whatsapp_proofs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
