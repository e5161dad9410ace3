CREATE TABLE "meta_comment_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"support_channel_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"comment_id" text NOT NULL,
	"post_id" text,
	"commenter_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meta_comment_threads" ADD CONSTRAINT "meta_comment_threads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_comment_threads" ADD CONSTRAINT "meta_comment_threads_support_channel_id_support_channels_id_fk" FOREIGN KEY ("support_channel_id") REFERENCES "public"."support_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_comment_threads" ADD CONSTRAINT "meta_comment_threads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meta_comment_threads_comment_key" ON "meta_comment_threads" USING btree ("support_channel_id","comment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meta_comment_threads_conversation_key" ON "meta_comment_threads" USING btree ("conversation_id");