CREATE TABLE `reading_journal` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text,
	`question` text,
	`spread_id` text NOT NULL,
	`spread_name` text NOT NULL,
	`cards` text NOT NULL,
	`interpretation` text,
	`notes` text DEFAULT '' NOT NULL,
	`share_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `reading_sessions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reading_journal_user_session_idx` ON `reading_journal` (`user_id`,`session_id`);--> statement-breakpoint
CREATE INDEX `reading_journal_user_idx` ON `reading_journal` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `reading_journal_share_idx` ON `reading_journal` (`share_id`);