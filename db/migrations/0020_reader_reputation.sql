-- Readings and reviews count toward a reader's reputation only when real (decision 0051).
ALTER TABLE `paid_readings` ADD `counted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `reading_reviews` ADD `counted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `reader_profiles` ADD `counted_clients` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `paid_readings_counted_idx` ON `paid_readings` (`reader_id`,`client_id`) WHERE `counted` = 1;--> statement-breakpoint
CREATE INDEX `reading_reviews_counted_idx` ON `reading_reviews` (`reader_id`,`client_id`,`created_at`) WHERE `counted` = 1;--> statement-breakpoint
-- Readings already ended are judged by the same rule: 3 paid minutes, 99 cents a minute, no shared browser.
UPDATE `paid_readings` SET `counted` = 1
WHERE `status` = 'ended' AND `charged_cents` > 0 AND `minutes_billed` - `free_minutes` >= 3 AND `price_per_minute_cents` >= 99
  AND NOT EXISTS (
    SELECT 1 FROM (
      SELECT `device_key_hash` FROM `device_members` WHERE `user_id` = `paid_readings`.`client_id`
      UNION SELECT `device_key_hash` FROM `anonymous_users` WHERE `id` = `paid_readings`.`client_id` AND `device_key_hash` IS NOT NULL
    ) AS `mine`
    WHERE `mine`.`device_key_hash` IN (
      SELECT `device_key_hash` FROM `device_members` WHERE `user_id` = `paid_readings`.`reader_id`
      UNION SELECT `device_key_hash` FROM `anonymous_users` WHERE `id` = `paid_readings`.`reader_id` AND `device_key_hash` IS NOT NULL
    )
  );--> statement-breakpoint
-- Earlier reviews weigh when their reading counts (the 30-day rule starts with this change).
UPDATE `reading_reviews` SET `counted` = 1
WHERE EXISTS (SELECT 1 FROM `paid_readings` WHERE `paid_readings`.`id` = `reading_reviews`.`paid_reading_id` AND `paid_readings`.`counted` = 1);--> statement-breakpoint
UPDATE `reader_profiles` SET
  `completed_readings` = (SELECT count(*) FROM `paid_readings` WHERE `reader_id` = `reader_profiles`.`user_id` AND `counted` = 1),
  `counted_clients` = (SELECT count(DISTINCT `client_id`) FROM `paid_readings` WHERE `reader_id` = `reader_profiles`.`user_id` AND `counted` = 1),
  `rating_sum` = (SELECT coalesce(sum(`rating`), 0) FROM `reading_reviews` WHERE `reader_id` = `reader_profiles`.`user_id` AND `counted` = 1),
  `rating_count` = (SELECT count(*) FROM `reading_reviews` WHERE `reader_id` = `reader_profiles`.`user_id` AND `counted` = 1)
WHERE EXISTS (SELECT 1 FROM `paid_readings` WHERE `reader_id` = `reader_profiles`.`user_id`);
