-- Search (spec 001 §7): pg_trgm for substring and similarity indexes, unaccent for accent-insensitive text.
-- search_fold is the one folding of text both sides of a match go through: lower case, accents and
-- full-width forms removed. Declared IMMUTABLE (unaccent's rules do not change under a running database)
-- so generated columns and indexes may use it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE TABLE "layer_texts" (
	"variant_dir" text PRIMARY KEY NOT NULL,
	"layers" jsonb NOT NULL,
	"body" text NOT NULL,
	"body_folded" text GENERATED ALWAYS AS (search_fold("body")) STORED,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "content_folded" text GENERATED ALWAYS AS (search_fold("content")) STORED;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (search_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "document_comments" ADD COLUMN "content_folded" text GENERATED ALWAYS AS (search_fold("content")) STORED;--> statement-breakpoint
ALTER TABLE "document_pages" ADD COLUMN "text_folded" text GENERATED ALWAYS AS (search_fold("text")) STORED;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (search_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (search_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (search_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "sectors" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (search_fold("name")) STORED;--> statement-breakpoint
CREATE INDEX "layer_texts_body_trgm_idx" ON "layer_texts" USING gin ("body_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "comments_content_trgm_idx" ON "comments" USING gin ("content_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "designs_name_trgm_idx" ON "designs" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_comments_content_trgm_idx" ON "document_comments" USING gin ("content_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_pages_text_trgm_idx" ON "document_pages" USING gin ("text_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_name_trgm_idx" ON "documents" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "folders_name_trgm_idx" ON "folders" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sectors_name_trgm_idx" ON "sectors" USING gin ("name_folded" gin_trgm_ops);