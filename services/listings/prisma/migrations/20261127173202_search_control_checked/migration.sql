-- What the `controlChecked` search filter keeps (docs/api.md#what-was-checked): documents of
-- properties whose control staff checked ('owner' | 'caretaker'); null while unchecked.
ALTER TABLE "listings"."search_documents" ADD COLUMN "control_kind" TEXT;

-- Few listings are checked at first: a newest-first walk of only those, instead of every document's
-- row looked at for its check. Partial, so it holds just the checked ones.
CREATE INDEX "search_documents_control_checked_newest_idx" ON "listings"."search_documents"("created_at" DESC, "property_id" DESC)
  WHERE "control_kind" IS NOT NULL;
