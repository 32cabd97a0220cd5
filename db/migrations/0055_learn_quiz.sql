-- A learner's quiz (decision 0112): free and repeatable. Each attempt's questions are drawn on the
-- server when it starts and kept with it, in order; the answers are kept once, with the score, when
-- the attempt is sent.
CREATE TABLE `learn_quiz_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`deck_id` text,
	`topic` text NOT NULL,
	`question_count` integer NOT NULL,
	`score` integer,
	`created_at` integer NOT NULL,
	`answered_at` integer,
	`answer_claim` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `learn_quiz_attempts_user_idx` ON `learn_quiz_attempts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `learn_quiz_questions` (
	`attempt_id` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`card_key` text,
	`prompt` text NOT NULL,
	`choices` text NOT NULL,
	`answer` text NOT NULL,
	`chosen` text,
	PRIMARY KEY(`attempt_id`, `position`),
	FOREIGN KEY (`attempt_id`) REFERENCES `learn_quiz_attempts`(`id`) ON UPDATE no action ON DELETE cascade
);
