CREATE TABLE "whatsapp_template_sends" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"template_id" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_template_sends" ADD CONSTRAINT "whatsapp_template_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_template_sends" ADD CONSTRAINT "whatsapp_template_sends_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;