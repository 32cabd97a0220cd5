-- Forms that can wait in a phone's outbox carry a key: the first post with it takes effect, a repeat gets the same outcome (decision 0060).
CREATE TABLE `submission_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`action` text NOT NULL,
	`claim` text NOT NULL,
	`outcome_status` integer,
	`outcome_body` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `submission_keys_created_idx` ON `submission_keys` (`created_at`);
--> statement-breakpoint
ALTER TABLE `reading_journal` ADD `notes_revision` integer DEFAULT 0 NOT NULL;
