DROP INDEX "conversations_assignee_idx";--> statement-breakpoint
DROP INDEX "conversations_team_idx";--> statement-breakpoint
DROP INDEX "conversations_channel_idx";--> statement-breakpoint
CREATE INDEX "conversations_assignee_idx" ON "conversations" USING btree ("account_id","assignee_id","status","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "conversations_team_idx" ON "conversations" USING btree ("account_id","team_id","status","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "conversations_channel_idx" ON "conversations" USING btree ("account_id","support_channel_id","status","last_activity_at","id");