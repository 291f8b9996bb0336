CREATE TABLE "design_inspections" (
	"user_id" uuid NOT NULL,
	"design_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"inspected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "design_inspections_user_id_design_id_pk" PRIMARY KEY("user_id","design_id")
);
--> statement-breakpoint
ALTER TABLE "design_inspections" ADD CONSTRAINT "design_inspections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_inspections" ADD CONSTRAINT "design_inspections_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_inspections" ADD CONSTRAINT "design_inspections_version_id_design_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."design_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_inspections_design_idx" ON "design_inspections" USING btree ("design_id");