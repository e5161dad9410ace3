CREATE TABLE "help_center_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"category_id" integer,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_center_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_center_articles" ADD CONSTRAINT "help_center_articles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_articles" ADD CONSTRAINT "help_center_articles_category_id_help_center_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_center_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_categories" ADD CONSTRAINT "help_center_categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "help_center_articles_slug_key" ON "help_center_articles" USING btree ("account_id","slug");--> statement-breakpoint
CREATE INDEX "help_center_articles_list_idx" ON "help_center_articles" USING btree ("account_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "help_center_articles_fts_idx" ON "help_center_articles" USING gin (to_tsvector('simple', "title" || ' ' || "body_text"));--> statement-breakpoint
CREATE UNIQUE INDEX "help_center_categories_name_key" ON "help_center_categories" USING btree ("account_id",lower("name"));