-- Offer codes and bundles (decision 0114): a creator's codes (a percentage or an amount off, for one
-- deck or the whole shop, with an optional expiry and use limit), each use claimed by the payment that
-- completes with it; a creator's bundles of their own listed decks at one price; and, on a checkout,
-- the code and the bundle it was opened with.
CREATE TABLE `offer_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`deck_id` text,
	`expires_at` integer,
	`max_uses` integer,
	`ended_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "offer_codes_amount_check" CHECK("offer_codes"."amount" > 0 AND ("offer_codes"."kind" <> 'percent' OR "offer_codes"."amount" <= 100) AND ("offer_codes"."max_uses" IS NULL OR "offer_codes"."max_uses" > 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offer_codes_seller_code_idx` ON `offer_codes` (`seller_id`,`code`);--> statement-breakpoint
CREATE TABLE `offer_code_uses` (
	`checkout_id` text PRIMARY KEY NOT NULL,
	`code_id` text NOT NULL,
	`buyer_id` text,
	`used_at` integer NOT NULL,
	FOREIGN KEY (`checkout_id`) REFERENCES `checkout_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`code_id`) REFERENCES `offer_codes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `offer_code_uses_code_idx` ON `offer_code_uses` (`code_id`);--> statement-breakpoint
CREATE TABLE `bundles` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`title` text NOT NULL,
	`price_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`ended_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bundles_price_check" CHECK("bundles"."price_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bundles_seller_title_idx` ON `bundles` (`seller_id`,`title`);--> statement-breakpoint
CREATE TABLE `bundle_decks` (
	`bundle_id` text NOT NULL,
	`deck_id` text NOT NULL,
	PRIMARY KEY(`bundle_id`, `deck_id`),
	FOREIGN KEY (`bundle_id`) REFERENCES `bundles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bundle_decks_deck_idx` ON `bundle_decks` (`deck_id`);--> statement-breakpoint
ALTER TABLE `checkout_sessions` ADD `offer_code_id` text;--> statement-breakpoint
ALTER TABLE `checkout_sessions` ADD `bundle_id` text;
