CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"method" text NOT NULL,
	"payload" jsonb NOT NULL,
	"to_ids" uuid[] NOT NULL,
	"rooms" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notice_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"message_id" uuid,
	"event_id" uuid,
	"method" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_actions" ADD CONSTRAINT "notice_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_actions" ADD CONSTRAINT "notice_actions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_actions" ADD CONSTRAINT "notice_actions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_unpublished_idx" ON "events" USING btree ("queue","created_at") WHERE "events"."published_at" is null;--> statement-breakpoint
CREATE INDEX "events_published_idx" ON "events" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "notice_actions_user_idx" ON "notice_actions" USING btree ("user_id","created_at");