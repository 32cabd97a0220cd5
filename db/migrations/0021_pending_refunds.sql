CREATE TABLE `pending_refunds` (
	`payment_intent_id` text PRIMARY KEY NOT NULL,
	`amount_cents` integer NOT NULL,
	`refunded_cents` integer NOT NULL,
	`received_at` integer NOT NULL
);
