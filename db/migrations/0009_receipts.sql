CREATE TABLE `payment_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`payment_intent_id` text,
	`checkout_id` text,
	`receipt_url` text,
	`paid_at` integer NOT NULL,
	`refunded_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_receipts_user_idx` ON `payment_receipts` (`user_id`,`paid_at`);--> statement-breakpoint
CREATE INDEX `payment_receipts_intent_idx` ON `payment_receipts` (`payment_intent_id`);--> statement-breakpoint
ALTER TABLE `checkout_sessions` ADD `description` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `scheduled_price_id` text;