-- Money, its records and staff's audit trail outlive an account (decisions 0028 and 0092): the
-- database refuses to delete a user row any of them names, so none of them can cascade away. The
-- list is app/accounts/kept-records.server.ts's.
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
BEGIN
	SELECT RAISE(ABORT, 'kept records name this user');
END;
--> statement-breakpoint
-- A paid reading is its room's row too: the room's row stays while the paid reading does.
CREATE TRIGGER `reading_sessions_keep_paid_readings` BEFORE DELETE ON `reading_sessions`
WHEN EXISTS (SELECT 1 FROM `paid_readings` WHERE `id` = old.`id`)
BEGIN
	SELECT RAISE(ABORT, 'a paid reading names this reading');
END;
