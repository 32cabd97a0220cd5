-- The card of the day: each person's time zone, deck and reminder, the days they kept, and its push kind (decision 0065).
ALTER TABLE `push_settings` ADD `daily_card` integer DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE `daily_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`time_zone` text NOT NULL,
	`deck_id` text,
	`reminder_minute` integer,
	`reminded_on` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `daily_cards` (
	`user_id` text NOT NULL,
	`local_date` text NOT NULL,
	`card_key` text NOT NULL,
	`reversed` integer NOT NULL,
	`deck_id` text,
	`journal_id` text,
	`saved_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `local_date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`journal_id`) REFERENCES `reading_journal`(`id`) ON UPDATE no action ON DELETE set null
);
