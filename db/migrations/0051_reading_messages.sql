-- Messages after a reading (decision 0105): a client and their reader write to each other about one
-- reading for 30 days after it; each message names both people and the reading it is about.
CREATE TABLE `reading_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`thread_kind` text NOT NULL,
	`client_id` text NOT NULL,
	`reader_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer,
	`reported_at` integer,
	`report_reason` text,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reading_messages_thread_idx` ON `reading_messages` (`thread_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reading_messages_client_idx` ON `reading_messages` (`client_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reading_messages_reader_idx` ON `reading_messages` (`reader_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reading_messages_sender_idx` ON `reading_messages` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reading_messages_reported_idx` ON `reading_messages` (`reported_at`);--> statement-breakpoint
ALTER TABLE `push_settings` ADD `messages` integer DEFAULT true NOT NULL;
