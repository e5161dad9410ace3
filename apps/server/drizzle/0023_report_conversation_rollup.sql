CREATE TABLE "report_conversation_month_state" (
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"month" date NOT NULL,
	"clean" boolean DEFAULT false NOT NULL,
	CONSTRAINT "report_conversation_month_state_account_id_kind_month_pk" PRIMARY KEY("account_id","kind","month")
);
--> statement-breakpoint
CREATE TABLE "report_conversation_months" (
	"account_id" integer NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"dim" text NOT NULL,
	"key" integer NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	"lo" double precision,
	"hi" double precision,
	CONSTRAINT "report_conversation_months_account_id_kind_month_dim_key_bucket_pk" PRIMARY KEY("account_id","kind","month","dim","key","bucket")
);
--> statement-breakpoint
ALTER TABLE "report_conversation_month_state" ADD CONSTRAINT "report_conversation_month_state_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_conversation_months" ADD CONSTRAINT "report_conversation_months_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Marks the UTC month of `at` dirty for the conversation rollup, unless it is the current month
-- (never rolled up). The upsert always writes, so the changing transaction holds the state row's
-- lock until it commits: the rollup job skips locked months instead of reading around the change.
CREATE FUNCTION report_mark_conversation_month(p_account integer, p_kind text, p_at timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_at IS NULL OR p_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' THEN
    RETURN;
  END IF;
  -- The account itself is being deleted (its conversations go with it).
  IF NOT EXISTS (SELECT 1 FROM accounts WHERE id = p_account) THEN
    RETURN;
  END IF;
  INSERT INTO report_conversation_month_state (account_id, kind, month, clean)
  VALUES (p_account, p_kind, (date_trunc('month', p_at AT TIME ZONE 'UTC'))::date, false)
  ON CONFLICT (account_id, kind, month) DO UPDATE SET clean = false;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_conversation_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_mark_conversation_month(OLD.account_id, 'created', OLD.created_at);
    PERFORM report_mark_conversation_month(OLD.account_id, 'resolved', OLD.resolved_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_mark_conversation_month(NEW.account_id, 'created', NEW.created_at);
    PERFORM report_mark_conversation_month(NEW.account_id, 'resolved', NEW.resolved_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversations_report_rollup
AFTER INSERT OR DELETE OR UPDATE OF account_id, created_at, resolved_at, first_response_at,
  support_channel_id, assignee_id, team_id
ON conversations FOR EACH ROW EXECUTE FUNCTION report_conversation_changed();
--> statement-breakpoint
CREATE FUNCTION report_conversation_tag_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  SELECT account_id, created_at, resolved_at INTO c FROM conversations
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.conversation_id ELSE NEW.conversation_id END;
  IF FOUND THEN
    PERFORM report_mark_conversation_month(c.account_id, 'created', c.created_at);
    PERFORM report_mark_conversation_month(c.account_id, 'resolved', c.resolved_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversation_tags_report_rollup
AFTER INSERT OR DELETE ON conversation_tags
FOR EACH ROW EXECUTE FUNCTION report_conversation_tag_changed();
--> statement-breakpoint
-- The past months that already hold conversations, for the job's first runs.
INSERT INTO report_conversation_month_state (account_id, kind, month, clean)
SELECT DISTINCT account_id, 'created', (date_trunc('month', created_at AT TIME ZONE 'UTC'))::date, false
FROM conversations
WHERE created_at < date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
UNION
SELECT DISTINCT account_id, 'resolved', (date_trunc('month', resolved_at AT TIME ZONE 'UTC'))::date, false
FROM conversations
WHERE resolved_at < date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
