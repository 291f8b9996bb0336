CREATE INDEX "comments_updated_idx" ON "comments" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "designs_updated_idx" ON "designs" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "designs_name_prefix_idx" ON "designs" USING btree ("name_folded" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "layer_texts_updated_idx" ON "layer_texts" USING btree ("updated_at");