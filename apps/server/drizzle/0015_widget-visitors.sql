CREATE TABLE "widget_conversations" (
	"conversation_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"visitor_id" integer,
	"owner_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_visitor_uploads" (
	"attachment_id" integer PRIMARY KEY NOT NULL,
	"visitor_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_visitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"public_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"external_id" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact_id" integer,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "widget_conversations" ADD CONSTRAINT "widget_conversations_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_conversations" ADD CONSTRAINT "widget_conversations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_conversations" ADD CONSTRAINT "widget_conversations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_conversations" ADD CONSTRAINT "widget_conversations_visitor_id_widget_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."widget_visitors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_visitor_uploads" ADD CONSTRAINT "widget_visitor_uploads_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_visitor_uploads" ADD CONSTRAINT "widget_visitor_uploads_visitor_id_widget_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."widget_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_visitors" ADD CONSTRAINT "widget_visitors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_visitors" ADD CONSTRAINT "widget_visitors_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_visitors" ADD CONSTRAINT "widget_visitors_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_conversations_owner_idx" ON "widget_conversations" USING btree ("account_id","brand_id","owner_key");--> statement-breakpoint
CREATE INDEX "widget_visitor_uploads_visitor_idx" ON "widget_visitor_uploads" USING btree ("visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "widget_visitors_public_id_key" ON "widget_visitors" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "widget_visitors_token_key" ON "widget_visitors" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "widget_visitors_external_idx" ON "widget_visitors" USING btree ("account_id","brand_id","external_id");