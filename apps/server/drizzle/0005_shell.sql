CREATE TABLE "callback_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer,
	"customer_name" text NOT NULL,
	"contact_number" text NOT NULL,
	"email_address" text NOT NULL,
	"best_time_to_call" text NOT NULL,
	"query_type" text NOT NULL,
	"message" text,
	"myshopify_domain" text,
	"submission_url" text,
	"is_created_from_dc_app" boolean DEFAULT true NOT NULL,
	"attachment_ids" integer[] DEFAULT '{}' NOT NULL,
	"operator_conversation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer,
	"slot" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"phone" text,
	"notes" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"released_on" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"tag" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"theme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_requests_account_idx" ON "callback_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "demo_requests_account_idx" ON "demo_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "widgets_brand_key" ON "widgets" USING btree ("brand_id");--> statement-breakpoint
INSERT INTO "release_notes" ("released_on", "title", "body", "tag") VALUES
  ('2026-05-04', 'Snooze with presets', 'Snooze a conversation until later today, tomorrow or next week in one click; it reopens on its own.', 'new'),
  ('2026-05-12', 'Faster inbox on large accounts', 'Lists and counts answer in a few milliseconds even with a million conversations.', 'improved'),
  ('2026-05-21', 'Internal notes with @mentions', 'Mention a teammate in a note and they get a notification.', 'new'),
  ('2026-05-29', 'Search by ticket id', 'Type id:1234 in the search box to jump straight to a ticket.', 'new'),
  ('2026-06-05', 'Fast replies in folders', 'Group your templates in folders and find them by name or folder.', 'improved'),
  ('2026-06-11', 'Fixed: duplicate messages on webhook retries', 'A retried webhook no longer creates a second copy of a message.', 'fixed'),
  ('2026-06-18', 'See who is viewing', 'A notice shows when a teammate is viewing or typing in the same conversation.', 'new'),
  ('2026-06-26', 'Keyboard shortcuts', 'j/k to move, r to reply, e to close, ? for the full list. Turn them off in global settings.', 'new'),
  ('2026-07-02', 'Attachments up to 18 MB', 'Attach several files to a reply, up to 18 MB in total.', 'improved'),
  ('2026-07-09', 'Fixed: unread badges after switching workspace', 'Unread counts now follow the workspace you switch to.', 'fixed'),
  ('2026-07-17', 'Request a callback', 'Ask our team to call you from the help widget, at a time that suits you.', 'new'),
  ('2026-07-24', 'Resizable panels', 'Drag the borders between the inbox panels; Parley remembers your widths.', 'improved'),
  ('2026-08-03', 'Team inboxes', 'Every team gets its own view with live counts.', 'new'),
  ('2026-08-14', 'Fixed: timestamps across years', 'Messages from another year now show the year.', 'fixed'),
  ('2026-08-27', 'API channel webhooks with retries', 'Replies on API channels are signed and retried with back-off until your system accepts them.', 'improved');
