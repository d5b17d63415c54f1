-- A pending code now belongs to the browser that asked for it (its request cookie). Codes pending
-- at deploy time belong to no browser and could never be verified again: they go (at most ten
-- minutes of codes; the person asks again).
DELETE FROM "password_resets";

-- AlterTable
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_pkey",
ADD COLUMN     "id" UUID NOT NULL,
ADD COLUMN     "request_hash" TEXT NOT NULL,
ADD CONSTRAINT "password_resets_pkey" PRIMARY KEY ("id");

-- CreateIndex
CREATE UNIQUE INDEX "password_resets_user_id_request_hash_key" ON "password_resets"("user_id", "request_hash");
