CREATE TABLE "automation_timers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_rules" ADD COLUMN "wait_minutes" integer;--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_timers" ADD CONSTRAINT "automation_timers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_timers_rule_conversation_key" ON "automation_timers" USING btree ("rule_id","conversation_id");--> statement-breakpoint
CREATE INDEX "automation_timers_conversation_idx" ON "automation_timers" USING btree ("conversation_id","trigger");--> statement-breakpoint
CREATE INDEX "automation_timers_due_idx" ON "automation_timers" USING btree ("due_at");