ALTER TABLE "designs" ADD COLUMN "sketch_id" text;--> statement-breakpoint
CREATE INDEX "designs_project_sketch_idx" ON "designs" USING btree ("project_id","sketch_id");