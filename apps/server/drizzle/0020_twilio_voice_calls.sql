CREATE TABLE "calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"support_channel_id" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"call_sid" text,
	"direction" text NOT NULL,
	"outcome" text DEFAULT 'ringing' NOT NULL,
	"provider_status" text,
	"duration_seconds" integer,
	"from_number" text,
	"to_number" text,
	"agent_user_id" integer,
	"agent_phone" text,
	"recording_sid" text,
	"recording_attachment_id" integer,
	"transcription" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_support_channel_id_support_channels_id_fk" FOREIGN KEY ("support_channel_id") REFERENCES "public"."support_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_recording_attachment_id_attachments_id_fk" FOREIGN KEY ("recording_attachment_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_message_key" ON "calls" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_channel_sid_key" ON "calls" USING btree ("support_channel_id","call_sid");