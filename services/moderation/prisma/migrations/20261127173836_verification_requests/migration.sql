-- CreateTable
CREATE TABLE "verification_requests" (
    "id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "owner_role" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "document_type" TEXT NOT NULL,
    "property_ids" UUID[],
    "mandate_owner_name" TEXT,
    "mandate_owner_whatsapp" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "note" TEXT,
    "decided_by" TEXT,
    "decided_by_name" TEXT,
    "decided_at" TIMESTAMP(3),
    "owner_email" TEXT,
    "owner_name" TEXT,
    "owner_language" "Language" NOT NULL DEFAULT 'en',
    "notified_at" TIMESTAMP(3),
    "files_deleted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verification_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verification_files" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "verification_files_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "verification_requests_status_created_at_idx" ON "verification_requests"("status", "created_at");

-- CreateIndex
CREATE INDEX "verification_requests_owner_id_created_at_idx" ON "verification_requests"("owner_id", "created_at");

-- CreateIndex
CREATE INDEX "verification_requests_decided_at_idx" ON "verification_requests"("decided_at");

-- CreateIndex
CREATE INDEX "verification_files_request_id_position_idx" ON "verification_files"("request_id", "position");

-- AddForeignKey
ALTER TABLE "verification_files" ADD CONSTRAINT "verification_files_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "verification_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;
