CREATE TABLE "agent_availability" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"chosen" text DEFAULT 'online' NOT NULL,
	"idle" boolean DEFAULT false NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"disconnected_at" timestamp with time zone,
	"capacity" integer,
	"last_assigned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_availability_account_id_user_id_pk" PRIMARY KEY("account_id","user_id"),
	CONSTRAINT "agent_availability_capacity_check" CHECK ("agent_availability"."capacity" is null or "agent_availability"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "assignment_queue" (
	"conversation_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignment_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"team_id" integer,
	"support_channel_id" integer,
	"mode" text DEFAULT 'off' NOT NULL,
	"release_offline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_rules_one_scope" CHECK (("assignment_rules"."team_id" is null) <> ("assignment_rules"."support_channel_id" is null))
);
--> statement-breakpoint
ALTER TABLE "agent_availability" ADD CONSTRAINT "agent_availability_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_availability" ADD CONSTRAINT "agent_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_queue" ADD CONSTRAINT "assignment_queue_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_queue" ADD CONSTRAINT "assignment_queue_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_support_channel_id_support_channels_id_fk" FOREIGN KEY ("support_channel_id") REFERENCES "public"."support_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_availability_disconnected_idx" ON "agent_availability" USING btree ("disconnected_at") WHERE "agent_availability"."connected" = false and "agent_availability"."status" <> 'offline';--> statement-breakpoint
CREATE INDEX "assignment_queue_account_idx" ON "assignment_queue" USING btree ("account_id","queued_at","conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_rules_team_key" ON "assignment_rules" USING btree ("team_id") WHERE "assignment_rules"."team_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_rules_channel_key" ON "assignment_rules" USING btree ("support_channel_id") WHERE "assignment_rules"."support_channel_id" is not null;--> statement-breakpoint
CREATE INDEX "assignment_rules_account_idx" ON "assignment_rules" USING btree ("account_id");--> statement-breakpoint
-- A conversation that starts (or moves to a team) with no assignee joins the assignment queue
-- when its team or channel assigns automatically: every way a conversation is made (the inbound
-- batches, the widget, the API) goes through here, in the same statement.
CREATE FUNCTION assignment_queue_conversation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.assignee_id IS NULL AND NEW.status = 'open' AND EXISTS (
    SELECT 1 FROM assignment_rules r
    WHERE r.account_id = NEW.account_id AND r.mode <> 'off'
      AND (r.team_id = NEW.team_id OR r.support_channel_id = NEW.support_channel_id)
  ) THEN
    INSERT INTO assignment_queue (conversation_id, account_id, queued_at)
    VALUES (NEW.id, NEW.account_id, CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversations_assignment_queue
AFTER INSERT OR UPDATE OF team_id ON conversations
FOR EACH ROW EXECUTE FUNCTION assignment_queue_conversation();
