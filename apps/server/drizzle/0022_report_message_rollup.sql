CREATE TABLE "report_message_quarters" (
	"account_id" integer NOT NULL,
	"support_channel_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"incoming" integer DEFAULT 0 NOT NULL,
	"outgoing" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_message_quarters_account_id_bucket_support_channel_id_pk" PRIMARY KEY("account_id","bucket","support_channel_id")
);
--> statement-breakpoint
CREATE TABLE "report_rollup_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"rolled_id" bigint DEFAULT 0 NOT NULL,
	"noted_id" bigint,
	"noted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_message_quarters" ADD CONSTRAINT "report_message_quarters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_message_quarters" ADD CONSTRAINT "report_message_quarters_support_channel_id_support_channels_id_fk" FOREIGN KEY ("support_channel_id") REFERENCES "public"."support_channels"("id") ON DELETE cascade ON UPDATE no action;