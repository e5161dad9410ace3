CREATE TABLE "sla_clocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"policy_id" integer,
	"metric" text NOT NULL,
	"priority" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"warn_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"paused_business_ms" bigint DEFAULT 0 NOT NULL,
	"warned_at" timestamp with time zone,
	"breached_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"cancelled" boolean DEFAULT false NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"business_hours_only" boolean NOT NULL,
	"warning_minutes" integer NOT NULL,
	"conditions" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "business_hours" jsonb;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD CONSTRAINT "sla_clocks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD CONSTRAINT "sla_clocks_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_clocks" ADD CONSTRAINT "sla_clocks_policy_id_sla_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."sla_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sla_clocks_running_key" ON "sla_clocks" USING btree ("conversation_id","metric") WHERE "sla_clocks"."stopped_at" is null;--> statement-breakpoint
CREATE INDEX "sla_clocks_conversation_idx" ON "sla_clocks" USING btree ("conversation_id","metric","started_at");--> statement-breakpoint
CREATE INDEX "sla_clocks_check_idx" ON "sla_clocks" USING btree ("next_check_at") WHERE "sla_clocks"."next_check_at" is not null;--> statement-breakpoint
CREATE INDEX "sla_clocks_running_idx" ON "sla_clocks" USING btree ("account_id","conversation_id") WHERE "sla_clocks"."stopped_at" is null;--> statement-breakpoint
CREATE INDEX "sla_clocks_report_idx" ON "sla_clocks" USING btree ("account_id",coalesce("breached_at", "stopped_at")) WHERE not "sla_clocks"."cancelled" and coalesce("sla_clocks"."breached_at", "sla_clocks"."stopped_at") is not null;--> statement-breakpoint
CREATE INDEX "sla_clocks_policy_idx" ON "sla_clocks" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "sla_policies_account_idx" ON "sla_policies" USING btree ("account_id","position");