CREATE TABLE "channel_opt_outs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"support_channel_id" integer NOT NULL,
	"address" text NOT NULL,
	"keyword" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_channels" ADD COLUMN "last_inbound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_channels" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "support_channels" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_opt_outs" ADD CONSTRAINT "channel_opt_outs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_opt_outs" ADD CONSTRAINT "channel_opt_outs_support_channel_id_support_channels_id_fk" FOREIGN KEY ("support_channel_id") REFERENCES "public"."support_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_opt_outs_channel_address_key" ON "channel_opt_outs" USING btree ("support_channel_id","address");