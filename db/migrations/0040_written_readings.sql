-- Written readings (decision 0082): a reader's fixed-price offers and the requests clients pay for from their balance.
CREATE TABLE `written_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`reader_id` text NOT NULL,
	`title` text NOT NULL,
	`spread_id` text NOT NULL,
	`price_cents` integer NOT NULL,
	`answer_hours` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`reader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "written_offers_price_check" CHECK("written_offers"."price_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `written_offers_reader_idx` ON `written_offers` (`reader_id`,`active`);--> statement-breakpoint
CREATE TABLE `written_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`offer_id` text,
	`client_id` text NOT NULL,
	`reader_id` text NOT NULL,
	`title` text NOT NULL,
	`spread_id` text NOT NULL,
	`price_cents` integer NOT NULL,
	`answer_hours` integer NOT NULL,
	`question` text NOT NULL,
	`status` text DEFAULT 'asked' NOT NULL,
	`form_key` text NOT NULL,
	`deadline_at` integer NOT NULL,
	`asked_at` integer NOT NULL,
	`answered_at` integer,
	`answer` text,
	`deck_id` text,
	`cards` text,
	`room_id` text,
	`refunded_at` integer,
	FOREIGN KEY (`offer_id`) REFERENCES `written_offers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `written_requests_client_key_idx` ON `written_requests` (`client_id`,`form_key`);--> statement-breakpoint
CREATE INDEX `written_requests_reader_idx` ON `written_requests` (`reader_id`,`status`,`deadline_at`);--> statement-breakpoint
CREATE INDEX `written_requests_client_idx` ON `written_requests` (`client_id`,`asked_at`);--> statement-breakpoint
CREATE INDEX `written_requests_due_idx` ON `written_requests` (`status`,`deadline_at`);
