-- Tag views read their page in order from conversation_tags (every view on its index):
-- each tag link carries its conversation's list keys, kept equal by the triggers below in the
-- transaction that changes them.
ALTER TABLE "conversation_tags" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_tags" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_tags" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
UPDATE "conversation_tags" ct
SET "status" = c.status, "last_activity_at" = c.last_activity_at, "waiting_since" = c.waiting_since
FROM "conversations" c
WHERE c.id = ct.conversation_id;--> statement-breakpoint
-- A new link copies the keys. FOR SHARE waits for an uncommitted change of the conversation and
-- reads it once committed; a change that comes later waits for this link and then updates it.
-- A missing conversation leaves the defaults, so the foreign key reports it.
CREATE FUNCTION conversation_tags_copy_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  SELECT status, last_activity_at, waiting_since INTO c
  FROM conversations WHERE id = NEW.conversation_id FOR SHARE;
  IF FOUND THEN
    NEW.status := c.status;
    NEW.last_activity_at := c.last_activity_at;
    NEW.waiting_since := c.waiting_since;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversation_tags_keys
BEFORE INSERT ON conversation_tags
FOR EACH ROW EXECUTE FUNCTION conversation_tags_copy_keys();
--> statement-breakpoint
CREATE FUNCTION conversation_tags_follow_conversation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversation_tags
  SET status = NEW.status, last_activity_at = NEW.last_activity_at, waiting_since = NEW.waiting_since
  WHERE conversation_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversations_tag_keys
AFTER UPDATE OF status, last_activity_at, waiting_since ON conversations
FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status
  OR OLD.last_activity_at IS DISTINCT FROM NEW.last_activity_at
  OR OLD.waiting_since IS DISTINCT FROM NEW.waiting_since)
EXECUTE FUNCTION conversation_tags_follow_conversation();
--> statement-breakpoint
DROP INDEX "conversation_tags_tag_idx";--> statement-breakpoint
CREATE INDEX "conversation_tags_list_idx" ON "conversation_tags" USING btree ("tag_id","status","last_activity_at","conversation_id");--> statement-breakpoint
CREATE INDEX "conversation_tags_recent_idx" ON "conversation_tags" USING btree ("tag_id","last_activity_at","conversation_id");--> statement-breakpoint
CREATE INDEX "conversation_tags_waiting_idx" ON "conversation_tags" USING btree ("tag_id","status",coalesce("waiting_since", 'infinity'::timestamptz),"conversation_id");
--> statement-breakpoint
-- The customer's newest open conversation on the channel is looked up by every inbound message:
-- by contact alone it scanned every open conversation of the channel for the contact.
DROP INDEX "conversations_contact_idx";--> statement-breakpoint
CREATE INDEX "conversations_contact_idx" ON "conversations" USING btree ("contact_id","support_channel_id","last_activity_at");