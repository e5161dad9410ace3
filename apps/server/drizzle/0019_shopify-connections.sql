CREATE TABLE "shopify_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"shop_domain" text NOT NULL,
	"shop_name" text,
	"sealed_token" text,
	"status" text DEFAULT 'connected' NOT NULL,
	"status_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_webhook_deliveries" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"connection_id" integer,
	"topic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shopify_connections" ADD CONSTRAINT "shopify_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_connections" ADD CONSTRAINT "shopify_connections_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_webhook_deliveries" ADD CONSTRAINT "shopify_webhook_deliveries_connection_id_shopify_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."shopify_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_connections_brand_key" ON "shopify_connections" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_connections_shop_key" ON "shopify_connections" USING btree ("shop_domain");--> statement-breakpoint
CREATE INDEX "shopify_connections_account_idx" ON "shopify_connections" USING btree ("account_id");