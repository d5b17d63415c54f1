-- CreateTable
CREATE TABLE "reports" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "reporter_key" TEXT NOT NULL,
    "person_key" TEXT NOT NULL,
    "reporter_id" UUID,
    "reporter_name" TEXT,
    "reason" TEXT NOT NULL,
    "text" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMP(3),
    "resolution" TEXT,
    "resolved_by" TEXT,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_holds" (
    "id" UUID NOT NULL,
    "property_id" UUID NOT NULL,
    "reporters" INTEGER NOT NULL,
    "owner_email" TEXT,
    "owner_name" TEXT,
    "owner_language" "Language" NOT NULL DEFAULT 'en',
    "title" TEXT NOT NULL DEFAULT '',
    "held_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notified_at" TIMESTAMP(3),
    "released_at" TIMESTAMP(3),

    CONSTRAINT "report_holds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reports_property_id_resolved_at_idx" ON "reports"("property_id", "resolved_at");

-- CreateIndex
CREATE INDEX "reports_resolved_at_created_at_idx" ON "reports"("resolved_at", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "reports_property_id_reporter_key_key" ON "reports"("property_id", "reporter_key");

-- CreateIndex
CREATE INDEX "report_holds_property_id_released_at_idx" ON "report_holds"("property_id", "released_at");
