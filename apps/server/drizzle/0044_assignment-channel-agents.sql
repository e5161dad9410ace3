CREATE TABLE "assignment_channel_agents" (
	"support_channel_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "assignment_channel_agents_support_channel_id_user_id_pk" PRIMARY KEY("support_channel_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "agent_availability" ADD COLUMN "capacity_by_channel_type" jsonb;--> statement-breakpoint
ALTER TABLE "assignment_queue" ADD COLUMN "queued_by_rule_id" integer;--> statement-breakpoint
ALTER TABLE "assignment_channel_agents" ADD CONSTRAINT "assignment_channel_agents_support_channel_id_support_channels_id_fk" FOREIGN KEY ("support_channel_id") REFERENCES "public"."support_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_channel_agents" ADD CONSTRAINT "assignment_channel_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_channel_agents" ADD CONSTRAINT "assignment_channel_agents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_channel_agents_user_idx" ON "assignment_channel_agents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assignment_channel_agents_account_idx" ON "assignment_channel_agents" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "assignment_queue" ADD CONSTRAINT "assignment_queue_queued_by_rule_id_automation_rules_id_fk" FOREIGN KEY ("queued_by_rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE set null ON UPDATE no action;