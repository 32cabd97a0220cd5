-- The satisfaction guarantee's claims (app/paid-readings/guarantee.ts): one per paid reading, and
-- money records that outlive an account, so the users trigger of 0044 names them too.
CREATE TABLE `guarantee_claims` (
	`id` text PRIMARY KEY NOT NULL,
	`paid_reading_id` text NOT NULL,
	`client_id` text NOT NULL,
	`reader_id` text NOT NULL,
	`reason` text NOT NULL,
	`words` text NOT NULL,
	`credit_cents` integer NOT NULL,
	`reader_share_cents` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`paid_reading_id`) REFERENCES `paid_readings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "guarantee_claims_money_check" CHECK("guarantee_claims"."credit_cents" > 0 AND "guarantee_claims"."reader_share_cents" BETWEEN 0 AND "guarantee_claims"."credit_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guarantee_claims_paid_reading_id_unique` ON `guarantee_claims` (`paid_reading_id`);--> statement-breakpoint
CREATE INDEX `guarantee_claims_client_idx` ON `guarantee_claims` (`client_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `guarantee_claims_reader_idx` ON `guarantee_claims` (`reader_id`,`created_at`);--> statement-breakpoint
DROP TRIGGER `users_keep_money_records`;--> statement-breakpoint
CREATE TRIGGER `users_keep_money_records` BEFORE DELETE ON `users`
WHEN EXISTS (SELECT 1 FROM `payment_receipts` WHERE `user_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `deck_purchases` WHERE `buyer_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `seller_ledger` WHERE `seller_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `payouts` WHERE `seller_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `seller_accounts` WHERE `user_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `wallet_entries` WHERE `user_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `wallet_holds` WHERE `user_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `paid_readings` WHERE `client_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `paid_readings` WHERE `reader_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `reader_bookings` WHERE `client_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `reader_bookings` WHERE `reader_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `written_requests` WHERE `client_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `written_requests` WHERE `reader_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `staff_actions` WHERE `staff_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `refund_claims` WHERE `staff_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `guarantee_claims` WHERE `client_id` = old.`id`)
  OR EXISTS (SELECT 1 FROM `guarantee_claims` WHERE `reader_id` = old.`id`)
BEGIN
	SELECT RAISE(ABORT, 'kept records name this user');
END;
