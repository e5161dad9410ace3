ALTER TABLE "notifications" ADD COLUMN "conversation_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_user_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("account_id","user_id","id");