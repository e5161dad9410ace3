DROP INDEX "teams_account_name_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_sound" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_account_name_key" ON "teams" USING btree ("account_id",lower("name"));