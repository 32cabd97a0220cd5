CREATE TABLE `deck_listings` (
	`deck_id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`preview_card_keys` text DEFAULT '[]' NOT NULL,
	`licence` text DEFAULT 'personal' NOT NULL,
	`status` text DEFAULT 'listed' NOT NULL,
	`hidden_at` integer,
	`hidden_reason` text,
	`featured` integer DEFAULT false NOT NULL,
	`sales_count` integer DEFAULT 0 NOT NULL,
	`rating_sum` integer DEFAULT 0 NOT NULL,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`listed_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "deck_listings_price_check" CHECK("deck_listings"."price_cents" >= 0),
	CONSTRAINT "deck_listings_rating_check" CHECK("deck_listings"."rating_count" >= 0 AND "deck_listings"."rating_sum" >= 0)
);
--> statement-breakpoint
CREATE INDEX `deck_listings_status_idx` ON `deck_listings` (`status`,`listed_at`);--> statement-breakpoint
CREATE INDEX `deck_listings_seller_idx` ON `deck_listings` (`seller_id`,`listed_at`);--> statement-breakpoint
CREATE INDEX `deck_listings_price_idx` ON `deck_listings` (`status`,`price_cents`);--> statement-breakpoint
CREATE INDEX `deck_listings_sales_idx` ON `deck_listings` (`status`,`sales_count`);--> statement-breakpoint
CREATE TABLE `deck_purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`deck_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`checkout_id` text,
	`gross_cents` integer NOT NULL,
	`fee_percent` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`net_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`status` text DEFAULT 'paid' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`refunded_at` integer,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deck_purchases_buyer_deck_idx` ON `deck_purchases` (`buyer_id`,`deck_id`);--> statement-breakpoint
CREATE INDEX `deck_purchases_deck_idx` ON `deck_purchases` (`deck_id`);--> statement-breakpoint
CREATE TABLE `deck_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`deck_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deck_reports_reporter_deck_idx` ON `deck_reports` (`reporter_id`,`deck_id`);--> statement-breakpoint
CREATE INDEX `deck_reports_status_idx` ON `deck_reports` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `deck_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`deck_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`rating` integer NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`reply` text,
	`replied_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "deck_reviews_rating_check" CHECK("deck_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deck_reviews_reviewer_deck_idx` ON `deck_reviews` (`reviewer_id`,`deck_id`);--> statement-breakpoint
CREATE INDEX `deck_reviews_deck_idx` ON `deck_reviews` (`deck_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_transfer_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payouts_seller_idx` ON `payouts` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `seller_accounts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`account_id` text NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seller_accounts_account_id_unique` ON `seller_accounts` (`account_id`);--> statement-breakpoint
CREATE TABLE `seller_ledger` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`kind` text NOT NULL,
	`purchase_id` text,
	`payout_id` text,
	`gross_cents` integer DEFAULT 0 NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`net_cents` integer NOT NULL,
	`reference_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seller_ledger_reference_id_unique` ON `seller_ledger` (`reference_id`);--> statement-breakpoint
CREATE INDEX `seller_ledger_seller_idx` ON `seller_ledger` (`seller_id`,`created_at`);--> statement-breakpoint
-- Decks published before listings existed were the marketplace: each becomes a listing at its price (free without one), showing its first three cards.
INSERT INTO `deck_listings` (`deck_id`, `seller_id`, `price_cents`, `description`, `preview_card_keys`, `listed_at`, `updated_at`)
SELECT `id`, `creator_id`, COALESCE(`price_cents`, 0), COALESCE(`description`, ''), '["major-00","major-01","major-02"]', `updated_at`, `updated_at`
FROM `decks` WHERE `is_public` = 1 AND `status` = 'ready';
