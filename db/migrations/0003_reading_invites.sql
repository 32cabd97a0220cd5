CREATE TABLE `reading_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`created_by` text NOT NULL,
	`role` text DEFAULT 'participant' NOT NULL,
	`video` integer DEFAULT false NOT NULL,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `reading_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reading_invites_session_idx` ON `reading_invites` (`session_id`);--> statement-breakpoint
ALTER TABLE `session_participants` ADD `role` text DEFAULT 'participant' NOT NULL;