CREATE TABLE "share_guest_comments" (
	"comment_id" uuid PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "share_guest_comments" ADD CONSTRAINT "share_guest_comments_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_guest_comments" ADD CONSTRAINT "share_guest_comments_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_guest_comments_link_idx" ON "share_guest_comments" USING btree ("link_id","at");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_or_guest" CHECK (("comments"."author_id" is null) <> ("comments"."guest_name" is null));