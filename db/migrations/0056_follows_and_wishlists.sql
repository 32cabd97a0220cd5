-- Followers and wishlists (decision 0113): a member follows a creator to hear of their new decks, at
-- most once a day per creator (`last_notified_at`, claimed in one UPDATE); a member keeps decks on a
-- wishlist to hear when one's price drops, at most once a day per deck. Each has its own setting.
CREATE TABLE `creator_follows` (
	`follower_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_notified_at` integer,
	PRIMARY KEY(`follower_id`, `creator_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `creator_follows_creator_idx` ON `creator_follows` (`creator_id`);--> statement-breakpoint
CREATE INDEX `creator_follows_follower_idx` ON `creator_follows` (`follower_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `wishlist_items` (
	`user_id` text NOT NULL,
	`deck_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_notified_at` integer,
	PRIMARY KEY(`user_id`, `deck_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wishlist_items_deck_idx` ON `wishlist_items` (`deck_id`);--> statement-breakpoint
CREATE INDEX `wishlist_items_user_idx` ON `wishlist_items` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `push_settings` ADD `new_decks` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `push_settings` ADD `wishlist` integer DEFAULT true NOT NULL;
