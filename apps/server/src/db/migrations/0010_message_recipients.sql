CREATE TABLE "message_reads" (
	"user_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_reads_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each stored per-recipient row becomes a notice for that one recipient, read where it was read.
ALTER TABLE "messages" ADD COLUMN "recipient_ids" uuid[];--> statement-breakpoint
UPDATE "messages" SET "recipient_ids" = ARRAY["recipient_id"];--> statement-breakpoint
INSERT INTO "message_reads" ("user_id", "message_id", "read_at") SELECT "recipient_id", "id", "read_at" FROM "messages" WHERE "read_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "recipient_ids" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_recipient_id_users_id_fk";--> statement-breakpoint
DROP INDEX "messages_recipient_idx";--> statement-breakpoint
DROP INDEX "messages_recipient_unread_idx";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "recipient_id";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "read_at";--> statement-breakpoint
-- Events name their recipients through their message-centre row; rows left unpublished by the previous
-- version still name them in their payload, where the dispatcher looks when an event has no such row.
ALTER TABLE "events" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "to_ids";--> statement-breakpoint
CREATE INDEX "messages_recipients_idx" ON "messages" USING gin ("recipient_ids");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at","id");
