CREATE TABLE "conversation_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_conversation_id" integer NOT NULL,
	"to_conversation_id" integer NOT NULL,
	"message_ids" jsonb NOT NULL,
	"added_tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activity_message_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "conversation_moves" ADD CONSTRAINT "conversation_moves_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_moves" ADD CONSTRAINT "conversation_moves_from_conversation_id_conversations_id_fk" FOREIGN KEY ("from_conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_moves" ADD CONSTRAINT "conversation_moves_to_conversation_id_conversations_id_fk" FOREIGN KEY ("to_conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_moves" ADD CONSTRAINT "conversation_moves_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_moves" ADD CONSTRAINT "conversation_moves_undone_by_user_id_users_id_fk" FOREIGN KEY ("undone_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_moves_from_idx" ON "conversation_moves" USING btree ("account_id","from_conversation_id");--> statement-breakpoint
CREATE INDEX "conversation_moves_to_idx" ON "conversation_moves" USING btree ("account_id","to_conversation_id");