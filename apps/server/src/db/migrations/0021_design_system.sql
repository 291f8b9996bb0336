CREATE TABLE "dsm_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"folder_id" uuid,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL,
	"type" text NOT NULL,
	"position" jsonb,
	"design_type" text DEFAULT '' NOT NULL,
	"host_type" text DEFAULT 'ferry' NOT NULL,
	"host_object" jsonb,
	"package_info" jsonb,
	"package_json_ref" text,
	"src_ref" text,
	"image_1x" text,
	"image_2x" text,
	"image_4x" text,
	"image_svg" text,
	"preview_object" jsonb,
	"preview_thumb_object" jsonb,
	"layout_data" jsonb,
	"content" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dsm_folders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL,
	"type" text DEFAULT 'mixed' NOT NULL,
	"dir_type" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail_ref" text,
	"icon_ref" text,
	"cover_ref" text,
	"doc_ref" text,
	"layout_data" jsonb,
	"created_by" uuid,
	"modified_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dsm_team_switches" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dsm_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"value" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_dsm_links" (
	"project_id" uuid NOT NULL,
	"dsm_project_id" uuid NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "project_dsm_links_project_id_dsm_project_id_pk" PRIMARY KEY("project_id","dsm_project_id")
);
--> statement-breakpoint
ALTER TABLE "dsm_files" ADD CONSTRAINT "dsm_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsm_files" ADD CONSTRAINT "dsm_files_folder_id_dsm_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."dsm_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsm_files" ADD CONSTRAINT "dsm_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsm_files" ADD CONSTRAINT "dsm_files_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsm_folders" ADD CONSTRAINT "dsm_folders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsm_folders" ADD CONSTRAINT "dsm_folders_parent_id_dsm_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dsm_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsm_folders" ADD CONSTRAINT "dsm_folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsm_folders" ADD CONSTRAINT "dsm_folders_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsm_team_switches" ADD CONSTRAINT "dsm_team_switches_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsm_team_switches" ADD CONSTRAINT "dsm_team_switches_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsm_tokens" ADD CONSTRAINT "dsm_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsm_tokens" ADD CONSTRAINT "dsm_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_dsm_links" ADD CONSTRAINT "project_dsm_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_dsm_links" ADD CONSTRAINT "project_dsm_links_dsm_project_id_projects_id_fk" FOREIGN KEY ("dsm_project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dsm_files_folder_idx" ON "dsm_files" USING btree ("project_id","folder_id","sort_order");--> statement-breakpoint
CREATE INDEX "dsm_folders_parent_idx" ON "dsm_folders" USING btree ("project_id","parent_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "dsm_tokens_project_name_idx" ON "dsm_tokens" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "project_dsm_links_dsm_idx" ON "project_dsm_links" USING btree ("dsm_project_id");