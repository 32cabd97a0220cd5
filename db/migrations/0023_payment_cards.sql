-- The cards each account has paid with (the provider's fingerprint), so a reader's reputation can tell two accounts of one person (decision 0051).
CREATE TABLE `payment_cards` (
	`user_id` text NOT NULL,
	`fingerprint` text NOT NULL,
	`seen_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `fingerprint`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_cards_fingerprint_idx` ON `payment_cards` (`fingerprint`);
