CREATE TABLE "document_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"parent_id" uuid,
	"number" integer DEFAULT 0 NOT NULL,
	"page" integer NOT NULL,
	"position_x" double precision,
	"position_y" double precision,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"mentions" uuid[] DEFAULT '{}' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	CONSTRAINT "document_comments_page_positive" CHECK ("document_comments"."page" >= 1),
	CONSTRAINT "document_comments_position_fraction" CHECK (("document_comments"."position_x" is null or "document_comments"."position_x" between 0 and 1) and ("document_comments"."position_y" is null or "document_comments"."position_y" between 0 and 1))
);
--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_parent_id_document_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."document_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_comments_version_idx" ON "document_comments" USING btree ("version_id","parent_id");--> statement-breakpoint
CREATE INDEX "document_comments_parent_idx" ON "document_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "document_comments_project_idx" ON "document_comments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "document_comments_document_idx" ON "document_comments" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_comments_thread_number_unique" ON "document_comments" USING btree ("document_id","number") WHERE "document_comments"."parent_id" is null;