CREATE TABLE "prototype_hotspots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"design_id" uuid NOT NULL,
	"target_design_id" uuid,
	"goes_back" boolean DEFAULT false NOT NULL,
	"p_x" double precision NOT NULL,
	"p_y" double precision NOT NULL,
	"p_w" double precision NOT NULL,
	"p_h" double precision NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "hotspot_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prototype_hotspots" ADD CONSTRAINT "prototype_hotspots_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prototype_hotspots" ADD CONSTRAINT "prototype_hotspots_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prototype_hotspots" ADD CONSTRAINT "prototype_hotspots_target_design_id_designs_id_fk" FOREIGN KEY ("target_design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prototype_hotspots" ADD CONSTRAINT "prototype_hotspots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prototype_hotspots_project_idx" ON "prototype_hotspots" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "prototype_hotspots_design_idx" ON "prototype_hotspots" USING btree ("design_id");--> statement-breakpoint
CREATE INDEX "prototype_hotspots_target_idx" ON "prototype_hotspots" USING btree ("target_design_id");