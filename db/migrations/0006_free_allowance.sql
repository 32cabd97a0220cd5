CREATE TABLE `device_members` (
	`device_key_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`device_key_hash`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `device_members_user_idx` ON `device_members` (`user_id`);--> statement-breakpoint
ALTER TABLE `user_deck_quotas` ADD `major_arcana_owed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `user_deck_quotas` ADD `complete_deck_owed` integer DEFAULT 0 NOT NULL;