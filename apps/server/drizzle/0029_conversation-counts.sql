CREATE TABLE "conversation_count_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_count_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"status" text NOT NULL,
	"dim" text NOT NULL,
	"key" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_counts" (
	"account_id" integer NOT NULL,
	"status" text NOT NULL,
	"dim" text NOT NULL,
	"key" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "conversation_counts_account_id_status_dim_key_pk" PRIMARY KEY("account_id","status","dim","key")
);
--> statement-breakpoint
ALTER TABLE "conversation_count_changes" ADD CONSTRAINT "conversation_count_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_counts" ADD CONSTRAINT "conversation_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_count_changes_account_idx" ON "conversation_count_changes" USING btree ("account_id","id");--> statement-breakpoint
-- The inbox's view counts, kept in the transactions that change what they count: recounting an
-- account of a million conversations took 0.5-1 s, asked again by every open inbox while
-- messages arrive. The triggers below append each statement's change of the counts to
-- conversation_count_changes (appends never wait for one another, where updating one hot
-- counter row would make every writer of the account queue, and deadlock across rows); a reader
-- sums conversation_counts and the changes, and now and then folds the changes in.
--
-- The views a conversation counts in, for its account and status.
CREATE FUNCTION conversation_count_keys(
  p_id integer, p_assignee integer, p_team integer, p_channel integer, p_last_incoming timestamptz
) RETURNS TABLE (dim text, key integer)
LANGUAGE sql STABLE AS $$
  SELECT 'all', 0
  UNION ALL SELECT 'assignee', coalesce(p_assignee, 0)
  UNION ALL SELECT 'team', p_team WHERE p_team IS NOT NULL
  UNION ALL SELECT 'channel', p_channel
  -- Unread for its assignee: a customer message after the assignee last read it.
  UNION ALL SELECT 'unread', p_assignee WHERE p_assignee IS NOT NULL AND p_last_incoming > coalesce(
    (SELECT r.last_read_at FROM conversation_reads r
     WHERE r.conversation_id = p_id AND r.user_id = p_assignee), '-infinity'::timestamptz)
$$;
--> statement-breakpoint
CREATE FUNCTION conversation_counts_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_count_changes (account_id, status, dim, key, n)
  SELECT c.account_id, c.status, k.dim, k.key, count(*)::int
  FROM new_rows c
  CROSS JOIN LATERAL conversation_count_keys(c.id, c.assignee_id, c.team_id, c.support_channel_id, c.last_incoming_at) k
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversations_counts_insert
AFTER INSERT ON conversations REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION conversation_counts_inserted();
--> statement-breakpoint
-- Only rows whose counted columns changed are looked at (an inbound message changes
-- last_incoming_at, so the assignee's unread count may change).
CREATE FUNCTION conversation_counts_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_count_changes (account_id, status, dim, key, n)
  SELECT d.account_id, d.status, d.dim, d.key, sum(d.n)::int
  FROM (
    SELECT o.account_id, o.status, k.dim, k.key, -1 AS n
    FROM old_rows o JOIN new_rows c ON c.id = o.id
    CROSS JOIN LATERAL conversation_count_keys(o.id, o.assignee_id, o.team_id, o.support_channel_id, o.last_incoming_at) k
    WHERE (o.account_id, o.status, o.assignee_id, o.team_id, o.support_channel_id, o.last_incoming_at)
      IS DISTINCT FROM (c.account_id, c.status, c.assignee_id, c.team_id, c.support_channel_id, c.last_incoming_at)
    UNION ALL
    SELECT c.account_id, c.status, k.dim, k.key, 1
    FROM old_rows o JOIN new_rows c ON c.id = o.id
    CROSS JOIN LATERAL conversation_count_keys(c.id, c.assignee_id, c.team_id, c.support_channel_id, c.last_incoming_at) k
    WHERE (o.account_id, o.status, o.assignee_id, o.team_id, o.support_channel_id, o.last_incoming_at)
      IS DISTINCT FROM (c.account_id, c.status, c.assignee_id, c.team_id, c.support_channel_id, c.last_incoming_at)
  ) d
  GROUP BY 1, 2, 3, 4
  HAVING sum(d.n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversations_counts_update
AFTER UPDATE ON conversations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION conversation_counts_updated();
--> statement-breakpoint
-- A deleted account's conversations leave no changes behind (its account row is gone already).
CREATE FUNCTION conversation_counts_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_count_changes (account_id, status, dim, key, n)
  SELECT o.account_id, o.status, k.dim, k.key, -count(*)::int
  FROM old_rows o
  CROSS JOIN LATERAL conversation_count_keys(o.id, o.assignee_id, o.team_id, o.support_channel_id, o.last_incoming_at) k
  WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = o.account_id)
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversations_counts_delete
AFTER DELETE ON conversations REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION conversation_counts_deleted();
--> statement-breakpoint
-- Tag links carry their conversation's status (migration 0026); the tag names the account.
CREATE FUNCTION conversation_tag_counts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conversation_count_changes (account_id, status, dim, key, n)
    SELECT t.account_id, x.status, 'tag', x.tag_id, count(*)::int
    FROM new_rows x JOIN tags t ON t.id = x.tag_id
    GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO conversation_count_changes (account_id, status, dim, key, n)
    SELECT t.account_id, x.status, 'tag', x.tag_id, -count(*)::int
    FROM old_rows x JOIN tags t ON t.id = x.tag_id
    GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO conversation_count_changes (account_id, status, dim, key, n)
    SELECT t.account_id, d.status, 'tag', d.tag_id, sum(d.n)::int
    FROM (
      SELECT o.tag_id, o.status, -1 AS n FROM old_rows o
      UNION ALL SELECT x.tag_id, x.status, 1 FROM new_rows x
    ) d JOIN tags t ON t.id = d.tag_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversation_tags_counts_insert
AFTER INSERT ON conversation_tags REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION conversation_tag_counts_changed();
--> statement-breakpoint
CREATE TRIGGER conversation_tags_counts_update
AFTER UPDATE ON conversation_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION conversation_tag_counts_changed();
--> statement-breakpoint
CREATE TRIGGER conversation_tags_counts_delete
AFTER DELETE ON conversation_tags REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION conversation_tag_counts_changed();
--> statement-breakpoint
-- A read mark changes the unread count of the conversation's assignee, when it is theirs. The
-- conversations are read FOR SHARE: a concurrent change of one (a customer message) is waited
-- for and counted with, never against, this mark. Rows are locked in id order.
CREATE FUNCTION conversation_read_counts_apply(marks jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO conversation_count_changes (account_id, status, dim, key, n)
  SELECT c.account_id, c.status, 'unread', c.assignee_id,
    sum((CASE WHEN c.last_incoming_at > d.after_at THEN 1 ELSE 0 END)
      - (CASE WHEN c.last_incoming_at > d.before_at THEN 1 ELSE 0 END))::int
  FROM jsonb_to_recordset(marks) AS d(conversation_id integer, user_id integer,
    before_at timestamptz, after_at timestamptz)
  JOIN (
    SELECT c.id, c.account_id, c.status, c.assignee_id, c.last_incoming_at FROM conversations c
    WHERE c.id IN (SELECT (m->>'conversation_id')::integer FROM jsonb_array_elements(marks) m)
    ORDER BY c.id FOR SHARE
  ) c ON c.id = d.conversation_id AND c.assignee_id = d.user_id
  GROUP BY 1, 2, 3, 4
  HAVING sum((CASE WHEN c.last_incoming_at > d.after_at THEN 1 ELSE 0 END)
      - (CASE WHEN c.last_incoming_at > d.before_at THEN 1 ELSE 0 END)) <> 0
$$;
--> statement-breakpoint
-- No mark reads as '-infinity' (everything unread).
CREATE FUNCTION conversation_read_counts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM conversation_read_counts_apply((SELECT jsonb_agg(jsonb_build_object(
      'conversation_id', x.conversation_id, 'user_id', x.user_id,
      'before_at', '-infinity', 'after_at', x.last_read_at)) FROM new_rows x));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM conversation_read_counts_apply((SELECT jsonb_agg(jsonb_build_object(
      'conversation_id', o.conversation_id, 'user_id', o.user_id,
      'before_at', o.last_read_at, 'after_at', '-infinity')) FROM old_rows o));
  ELSE
    PERFORM conversation_read_counts_apply((SELECT jsonb_agg(jsonb_build_object(
      'conversation_id', o.conversation_id, 'user_id', o.user_id,
      'before_at', o.last_read_at, 'after_at', x.last_read_at))
      FROM old_rows o JOIN new_rows x USING (conversation_id, user_id)
      WHERE o.last_read_at IS DISTINCT FROM x.last_read_at));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversation_reads_counts_insert
AFTER INSERT ON conversation_reads REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION conversation_read_counts_changed();
--> statement-breakpoint
CREATE TRIGGER conversation_reads_counts_update
AFTER UPDATE ON conversation_reads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION conversation_read_counts_changed();
--> statement-breakpoint
CREATE TRIGGER conversation_reads_counts_delete
AFTER DELETE ON conversation_reads REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION conversation_read_counts_changed();
--> statement-breakpoint
-- Counts every conversation and tag link of the account again (the backfill below; a bulk load
-- that bypassed the triggers).
CREATE FUNCTION conversation_counts_rebuild(p_account integer) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM conversation_count_changes WHERE account_id = p_account;
  DELETE FROM conversation_counts WHERE account_id = p_account;
  INSERT INTO conversation_counts (account_id, status, dim, key, n)
  SELECT c.account_id, c.status, k.dim, k.key, count(*)::int
  FROM conversations c
  CROSS JOIN LATERAL conversation_count_keys(c.id, c.assignee_id, c.team_id, c.support_channel_id, c.last_incoming_at) k
  WHERE c.account_id = p_account
  GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT t.account_id, ct.status, 'tag', ct.tag_id, count(*)::int
  FROM conversation_tags ct JOIN tags t ON t.id = ct.tag_id
  WHERE t.account_id = p_account
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
SELECT conversation_counts_rebuild(id) FROM accounts;
