-- Issue 41: the orphan blob sweep asks, a batch of files at a time, whether any row names each file
-- (apps/server/src/db/blobReferences.ts; docs/decisions.md, "Orphan blob files").
CREATE INDEX "document_versions_blob_key_idx" ON "document_versions" USING btree ("blob_key");
--> statement-breakpoint
CREATE INDEX "audio_files_blob_key_idx" ON "audio_files" USING btree ("blob_key");
--> statement-breakpoint
CREATE INDEX "attachments_blob_key_idx" ON "attachments" USING btree ("blob_key");
--> statement-breakpoint
CREATE INDEX "uploads_blob_key_idx" ON "uploads" USING btree ("blob_key");
