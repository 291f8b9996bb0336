CREATE TABLE "walkthrough_dismissals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"page_id" uuid NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walkthrough_issues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"page_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"screenshot_id" uuid,
	"number" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"description" text NOT NULL,
	"expectation" jsonb,
	"severity" text DEFAULT 'medium' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"assignee_id" uuid,
	"created_by" uuid,
	"solved_by" uuid,
	"solved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walkthrough_pages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"design_id" uuid NOT NULL,
	"version_id" uuid,
	"result" text DEFAULT 'in_progress' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walkthrough_screenshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"page_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"file_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"scale" double precision NOT NULL,
	"detected_scale" double precision NOT NULL,
	"offset_x" double precision DEFAULT 0 NOT NULL,
	"offset_y" double precision DEFAULT 0 NOT NULL,
	"auto_align" integer DEFAULT 1 NOT NULL,
	"diff_status" text DEFAULT 'pending' NOT NULL,
	"diff_error" text DEFAULT '' NOT NULL,
	"diff_ratio" double precision DEFAULT 0 NOT NULL,
	"diff_key" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walkthrough_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"result" text DEFAULT 'in_progress' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "walkthrough_dismissals" ADD CONSTRAINT "walkthrough_dismissals_page_id_walkthrough_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."walkthrough_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_dismissals" ADD CONSTRAINT "walkthrough_dismissals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_issues" ADD CONSTRAINT "walkthrough_issues_page_id_walkthrough_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."walkthrough_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_issues" ADD CONSTRAINT "walkthrough_issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_issues" ADD CONSTRAINT "walkthrough_issues_screenshot_id_walkthrough_screenshots_id_fk" FOREIGN KEY ("screenshot_id") REFERENCES "public"."walkthrough_screenshots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_issues" ADD CONSTRAINT "walkthrough_issues_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_issues" ADD CONSTRAINT "walkthrough_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_issues" ADD CONSTRAINT "walkthrough_issues_solved_by_users_id_fk" FOREIGN KEY ("solved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_pages" ADD CONSTRAINT "walkthrough_pages_task_id_walkthrough_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."walkthrough_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_pages" ADD CONSTRAINT "walkthrough_pages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_pages" ADD CONSTRAINT "walkthrough_pages_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_pages" ADD CONSTRAINT "walkthrough_pages_version_id_design_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."design_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_pages" ADD CONSTRAINT "walkthrough_pages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_screenshots" ADD CONSTRAINT "walkthrough_screenshots_page_id_walkthrough_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."walkthrough_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_screenshots" ADD CONSTRAINT "walkthrough_screenshots_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_screenshots" ADD CONSTRAINT "walkthrough_screenshots_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_tasks" ADD CONSTRAINT "walkthrough_tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "walkthrough_dismissals_page_idx" ON "walkthrough_dismissals" USING btree ("page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "walkthrough_issues_number_idx" ON "walkthrough_issues" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "walkthrough_issues_page_idx" ON "walkthrough_issues" USING btree ("page_id","state");--> statement-breakpoint
CREATE INDEX "walkthrough_issues_assignee_idx" ON "walkthrough_issues" USING btree ("assignee_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "walkthrough_pages_design_idx" ON "walkthrough_pages" USING btree ("task_id","design_id");--> statement-breakpoint
CREATE INDEX "walkthrough_pages_project_idx" ON "walkthrough_pages" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "walkthrough_screenshots_page_idx" ON "walkthrough_screenshots" USING btree ("page_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "walkthrough_tasks_project_idx" ON "walkthrough_tasks" USING btree ("project_id");