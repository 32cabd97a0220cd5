-- Gifts (decision 0115): a deck bought for someone by e-mail address, with a message. The sale is the
-- giver's payment; the deck becomes the purchase of whoever claims the gift by its link, once.
CREATE TABLE `deck_gifts` (
	`id` text PRIMARY KEY NOT NULL,
	`checkout_id` text NOT NULL,
	`deck_id` text NOT NULL,
	`giver_id` text NOT NULL,
	`recipient_email` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`token` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`fee_percent` integer,
	`claimed_by` text,
	`claimed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`checkout_id`) REFERENCES `checkout_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`giver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`claimed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deck_gifts_checkout_idx` ON `deck_gifts` (`checkout_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `deck_gifts_token_idx` ON `deck_gifts` (`token`);--> statement-breakpoint
CREATE INDEX `deck_gifts_giver_idx` ON `deck_gifts` (`giver_id`,`created_at`);
