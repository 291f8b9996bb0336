CREATE TABLE "prototype_cards" (
	"project_id" uuid NOT NULL,
	"design_id" uuid NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prototype_cards_project_id_design_id_pk" PRIMARY KEY("project_id","design_id")
);
--> statement-breakpoint
CREATE TABLE "prototype_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"parent_design_id" uuid NOT NULL,
	"son_design_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prototype_cards" ADD CONSTRAINT "prototype_cards_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prototype_cards" ADD CONSTRAINT "prototype_cards_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prototype_links" ADD CONSTRAINT "prototype_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prototype_links" ADD CONSTRAINT "prototype_links_parent_design_id_designs_id_fk" FOREIGN KEY ("parent_design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prototype_links" ADD CONSTRAINT "prototype_links_son_design_id_designs_id_fk" FOREIGN KEY ("son_design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prototype_links" ADD CONSTRAINT "prototype_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prototype_cards_design_idx" ON "prototype_cards" USING btree ("design_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prototype_links_pair_idx" ON "prototype_links" USING btree ("project_id","parent_design_id","son_design_id");--> statement-breakpoint
CREATE INDEX "prototype_links_parent_idx" ON "prototype_links" USING btree ("parent_design_id");--> statement-breakpoint
CREATE INDEX "prototype_links_son_idx" ON "prototype_links" USING btree ("son_design_id");