CREATE TABLE `paid_readings` (
	`id` text PRIMARY KEY NOT NULL,
	`request_id` text NOT NULL,
	`client_id` text NOT NULL,
	`reader_id` text NOT NULL,
	`mode` text NOT NULL,
	`price_per_minute_cents` integer NOT NULL,
	`free_minutes` integer NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`minutes_billed` integer DEFAULT 0 NOT NULL,
	`charged_cents` integer DEFAULT 0 NOT NULL,
	`fee_percent` integer NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`net_cents` integer DEFAULT 0 NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`end_reason` text,
	`started_at` integer,
	`ended_at` integer,
	`refunded_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `reading_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "paid_readings_money_check" CHECK("paid_readings"."charged_cents" >= 0 AND "paid_readings"."refunded_cents" BETWEEN 0 AND "paid_readings"."charged_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `paid_readings_request_id_unique` ON `paid_readings` (`request_id`);--> statement-breakpoint
CREATE INDEX `paid_readings_client_idx` ON `paid_readings` (`client_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `paid_readings_reader_idx` ON `paid_readings` (`reader_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reading_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`paid_reading_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`resolved_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`paid_reading_id`) REFERENCES `paid_readings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reading_reports_once_idx` ON `reading_reports` (`paid_reading_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `reading_reports_open_idx` ON `reading_reports` (`resolved_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `reading_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`reader_id` text NOT NULL,
	`mode` text NOT NULL,
	`price_per_minute_cents` integer NOT NULL,
	`free_minutes` integer NOT NULL,
	`question` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`paid_reading_id` text,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`answered_at` integer,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reading_requests_reader_idx` ON `reading_requests` (`reader_id`,`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `reading_requests_client_idx` ON `reading_requests` (`client_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `reading_requests_one_pending_idx` ON `reading_requests` (`client_id`) WHERE "reading_requests"."status" = 'pending';--> statement-breakpoint
CREATE TABLE `reading_reviews` (
	`paid_reading_id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`reader_id` text NOT NULL,
	`rating` integer NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`reply` text,
	`replied_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`paid_reading_id`) REFERENCES `paid_readings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reading_reviews_rating_check" CHECK("reading_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `reading_reviews_reader_idx` ON `reading_reviews` (`reader_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reading_wallets` (
	`user_id` text PRIMARY KEY NOT NULL,
	`balance_cents` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reading_wallets_balance_check" CHECK("reading_wallets"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE `wallet_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`paid_reading_id` text,
	`minute` integer,
	`checkout_id` text,
	`reference_id` text NOT NULL,
	`description` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_entries_reference_id_unique` ON `wallet_entries` (`reference_id`);--> statement-breakpoint
CREATE INDEX `wallet_entries_user_idx` ON `wallet_entries` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `wallet_entries_reading_idx` ON `wallet_entries` (`paid_reading_id`);--> statement-breakpoint
ALTER TABLE `seller_ledger` ADD `paid_reading_id` text;