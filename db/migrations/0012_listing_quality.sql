DROP INDEX `deck_listings_status_idx`;--> statement-breakpoint
DROP INDEX `deck_listings_price_idx`;--> statement-breakpoint
DROP INDEX `deck_listings_sales_idx`;--> statement-breakpoint
ALTER TABLE `deck_listings` ADD `quality_score` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `deck_listings` ADD `rating_score` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `deck_listings` ADD `visible` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `deck_listings_newest_idx` ON `deck_listings` (`visible`,`listed_at`,`deck_id`);--> statement-breakpoint
CREATE INDEX `deck_listings_featured_idx` ON `deck_listings` (`visible`,`featured`,`quality_score`,`deck_id`);--> statement-breakpoint
CREATE INDEX `deck_listings_rating_idx` ON `deck_listings` (`visible`,`rating_score`,`rating_count`,`deck_id`);--> statement-breakpoint
CREATE INDEX `deck_listings_price_idx` ON `deck_listings` (`visible`,`price_cents`,`quality_score`,`deck_id`);--> statement-breakpoint
CREATE INDEX `deck_listings_sales_idx` ON `deck_listings` (`visible`,`sales_count`,`quality_score`,`deck_id`);--> statement-breakpoint
-- The one definition of what the marketplace ranks and shows. `rating_score` is the rating pulled
-- toward the middle (five imaginary votes of 3.5, so one 5-star review does not top the shop);
-- `quality_score` adds to it sales (saturating), a full 78-card deck, a cover, a description, and a
-- bonus that fades over the first 30 days after listing; `visible` is listed, not hidden by staff,
-- and the deck ready.
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
	(l.`status` = 'listed' AND l.`hidden_at` IS NULL AND d.`status` = 'ready') AS `visible`
FROM `deck_listings` AS l
JOIN `decks` AS d ON d.`id` = l.`deck_id`;
--> statement-breakpoint
CREATE TRIGGER `deck_listing_quality_insert` AFTER INSERT ON `deck_listings` BEGIN
	UPDATE `deck_listings` SET (`quality_score`, `rating_score`, `visible`) = (SELECT `quality_score`, `rating_score`, `visible` FROM `deck_listing_quality` WHERE `deck_id` = new.`deck_id`)
	WHERE `deck_id` = new.`deck_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `deck_listing_quality_update` AFTER UPDATE OF `sales_count`, `rating_sum`, `rating_count`, `description`, `listed_at`, `status`, `hidden_at` ON `deck_listings` BEGIN
	UPDATE `deck_listings` SET (`quality_score`, `rating_score`, `visible`) = (SELECT `quality_score`, `rating_score`, `visible` FROM `deck_listing_quality` WHERE `deck_id` = new.`deck_id`)
	WHERE `deck_id` = new.`deck_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `deck_listing_quality_deck_update` AFTER UPDATE OF `kind`, `cover_card_id`, `description`, `status` ON `decks`
WHEN EXISTS (SELECT 1 FROM `deck_listings` WHERE `deck_id` = new.`id`) BEGIN
	UPDATE `deck_listings` SET (`quality_score`, `rating_score`, `visible`) = (SELECT `quality_score`, `rating_score`, `visible` FROM `deck_listing_quality` WHERE `deck_id` = new.`id`)
	WHERE `deck_id` = new.`id`;
END;
--> statement-breakpoint
UPDATE `deck_listings` SET (`quality_score`, `rating_score`, `visible`) = (SELECT q.`quality_score`, q.`rating_score`, q.`visible` FROM `deck_listing_quality` AS q WHERE q.`deck_id` = `deck_listings`.`deck_id`);
