CREATE TABLE "allow_lists" (
	"list_id" text NOT NULL,
	"member" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allow_lists_list_id_member_pk" PRIMARY KEY("list_id","member")
);
--> statement-breakpoint
CREATE TABLE "maintenance_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"notice_id" uuid NOT NULL,
	"message" text NOT NULL,
	"until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timing_counts" (
	"metric" text NOT NULL,
	"bucket" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "timing_counts_metric_bucket_pk" PRIMARY KEY("metric","bucket")
);
--> statement-breakpoint
CREATE TABLE "user_nps" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"score" integer,
	"comment" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onboarding_samples" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_samples_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "onboarding_teams" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"industry" text NOT NULL,
	"set_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"role" text,
	"steps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_nps" ADD CONSTRAINT "user_nps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_samples" ADD CONSTRAINT "onboarding_samples_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_samples" ADD CONSTRAINT "onboarding_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_samples" ADD CONSTRAINT "onboarding_samples_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_teams" ADD CONSTRAINT "onboarding_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_teams" ADD CONSTRAINT "onboarding_teams_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_users" ADD CONSTRAINT "onboarding_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;