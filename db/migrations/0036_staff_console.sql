-- The staff console: suspended accounts, the audit of staff actions, refund claims and the periodic job's runs (decision 0078).
ALTER TABLE `users` ADD `suspended_at` integer;
--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_reason` text;
--> statement-breakpoint
CREATE TABLE `staff_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`staff_id` text NOT NULL,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`reason` text NOT NULL,
	`outcome` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `staff_actions_created_idx` ON `staff_actions` (`created_at`);
--> statement-breakpoint
CREATE INDEX `staff_actions_target_idx` ON `staff_actions` (`target`,`created_at`);
--> statement-breakpoint
CREATE TABLE `refund_claims` (
	`id` text PRIMARY KEY NOT NULL,
	`receipt_id` text NOT NULL,
	`staff_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `job_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`job` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`outcome` text DEFAULT 'running' NOT NULL,
	`changes` text DEFAULT '{}' NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `job_runs_started_idx` ON `job_runs` (`started_at`);
--> statement-breakpoint
CREATE INDEX `job_runs_job_idx` ON `job_runs` (`job`,`started_at`);
--> statement-breakpoint
-- A suspended seller's listings leave the marketplace: `visible` (the one definition of what the
-- marketplace shows, migration 0012) now also asks that the seller is not suspended.
DROP VIEW `deck_listing_quality`;
--> statement-breakpoint
CREATE VIEW `deck_listing_quality` AS
SELECT
	l.`deck_id` AS `deck_id`,
	(l.`rating_sum` + 17.5) * 1.0 / (l.`rating_count` + 5) AS `rating_score`,
	2.0 * ((l.`rating_sum` + 17.5) * 1.0 / (l.`rating_count` + 5) - 3.5)
		+ 2.0 * (l.`sales_count` * 1.0 / (l.`sales_count` + 10))
		+ (CASE WHEN d.`kind` = 'complete' THEN 0.5 ELSE 0 END)
		+ (CASE WHEN d.`cover_card_id` IS NOT NULL THEN 0.2 ELSE 0 END)
		+ (CASE WHEN length(l.`description`) > 0 OR length(COALESCE(d.`description`, '')) > 0 THEN 0.2 ELSE 0 END)
		+ 0.5 * max(0.0, 1.0 - (unixepoch() * 1000 - l.`listed_at`) * 1.0 / 2592000000) AS `quality_score`,
	(l.`status` = 'listed' AND l.`hidden_at` IS NULL AND d.`status` = 'ready' AND u.`suspended_at` IS NULL) AS `visible`
FROM `deck_listings` AS l
JOIN `decks` AS d ON d.`id` = l.`deck_id`
JOIN `users` AS u ON u.`id` = l.`seller_id`;
--> statement-breakpoint
CREATE TRIGGER `deck_listing_quality_seller_update` AFTER UPDATE OF `suspended_at` ON `users`
WHEN EXISTS (SELECT 1 FROM `deck_listings` WHERE `seller_id` = new.`id`) BEGIN
	UPDATE `deck_listings` SET (`quality_score`, `rating_score`, `visible`) = (SELECT `quality_score`, `rating_score`, `visible` FROM `deck_listing_quality` WHERE `deck_id` = `deck_listings`.`deck_id`)
	WHERE `seller_id` = new.`id`;
END;
