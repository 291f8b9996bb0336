CREATE TABLE "design_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"image_name" text DEFAULT '' NOT NULL,
	"msg_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "design_versions" ADD COLUMN "layers_key" text;--> statement-breakpoint
ALTER TABLE "design_versions" ADD COLUMN "layers_md5" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "design_versions" ADD COLUMN "layers_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "design_versions" ADD COLUMN "artboard" jsonb;--> statement-breakpoint
CREATE INDEX "design_logs_image_idx" ON "design_logs" USING btree ("image_id","created_at");