CREATE TABLE "sign_in_attempts" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "team_invites" ADD COLUMN "used_at" timestamp with time zone;