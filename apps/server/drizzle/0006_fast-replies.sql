CREATE TABLE "fast_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"template_content" text NOT NULL,
	"folder" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fast_reply_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "fast_reply_id" integer;--> statement-breakpoint
ALTER TABLE "fast_replies" ADD CONSTRAINT "fast_replies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fast_replies" ADD CONSTRAINT "fast_replies_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fast_reply_folders" ADD CONSTRAINT "fast_reply_folders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fast_replies_account_idx" ON "fast_replies" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fast_reply_folders_account_name_key" ON "fast_reply_folders" USING btree ("account_id","name");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_fast_reply_id_fast_replies_id_fk" FOREIGN KEY ("fast_reply_id") REFERENCES "public"."fast_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_fast_reply_idx" ON "attachments" USING btree ("fast_reply_id");