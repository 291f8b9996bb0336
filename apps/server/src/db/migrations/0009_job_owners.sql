CREATE TABLE "job_turns" (
	"queue" text NOT NULL,
	"team" text NOT NULL,
	"served_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_turns_queue_team_pk" PRIMARY KEY("queue","team")
);
--> statement-breakpoint
CREATE TABLE "job_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "team" text;