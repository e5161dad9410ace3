CREATE TABLE "help_center_article_translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_center_articles" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "help_center_article_translations" ADD CONSTRAINT "help_center_article_translations_article_id_help_center_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_center_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_center_article_translations" ADD CONSTRAINT "help_center_article_translations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "help_center_article_translations_locale_key" ON "help_center_article_translations" USING btree ("article_id","locale");--> statement-breakpoint
CREATE INDEX "help_center_article_translations_account_idx" ON "help_center_article_translations" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "help_center_article_translations_fts_idx" ON "help_center_article_translations" USING gin (to_tsvector('simple', "title" || ' ' || "body_text"));