CREATE TABLE "nps_answer_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nps_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"milestone_id" integer NOT NULL,
	"rating_star" integer NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nps_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"description" text,
	"primary_question" boolean DEFAULT false NOT NULL,
	"has_other_option" boolean DEFAULT false NOT NULL,
	"other_option_prompt" text,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nps_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"selected_option_ids" integer[] DEFAULT '{}' NOT NULL,
	"other_text" text
);
--> statement-breakpoint
ALTER TABLE "nps_answer_options" ADD CONSTRAINT "nps_answer_options_question_id_nps_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."nps_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nps_feedback" ADD CONSTRAINT "nps_feedback_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nps_feedback" ADD CONSTRAINT "nps_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nps_feedback" ADD CONSTRAINT "nps_feedback_milestone_id_nps_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."nps_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nps_responses" ADD CONSTRAINT "nps_responses_feedback_id_nps_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."nps_feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nps_responses" ADD CONSTRAINT "nps_responses_question_id_nps_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."nps_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nps_answer_options_question_idx" ON "nps_answer_options" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nps_feedback_milestone_key" ON "nps_feedback" USING btree ("milestone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nps_responses_feedback_question_key" ON "nps_responses" USING btree ("feedback_id","question_id");--> statement-breakpoint
-- The default survey (docs/product/data.md, docs/product/states.md): one star question, two multi-select follow-ups with "other".
INSERT INTO "nps_questions" ("id", "text", "description", "primary_question", "has_other_option", "other_option_prompt", "position") VALUES
  (1, 'How would you rate your experience with {product} so far?', 'One click: 1 star is poor, 5 stars is excellent.', true, false, NULL, 0),
  (2, 'What do you like most about {product}?', 'Choose as many as you like.', false, true, 'Tell us what else you like', 1),
  (3, 'What should we improve first?', 'Choose as many as you like.', false, true, 'Tell us what to improve', 2);--> statement-breakpoint
INSERT INTO "nps_answer_options" ("question_id", "text", "position") VALUES
  (2, 'The shared inbox', 0), (2, 'Fast replies', 1), (2, 'Live chat', 2), (2, 'Reporting', 3), (2, 'Speed', 4),
  (3, 'More channels', 0), (3, 'Mobile apps', 1), (3, 'Reporting', 2), (3, 'Speed', 3), (3, 'Pricing', 4);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('nps_questions', 'id'), 3);
