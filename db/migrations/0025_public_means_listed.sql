-- A listing's rating is what its reviews say, counted by the database whenever a review is
-- written, changed or removed (decision 0054): no code path and no seed can set it otherwise.
CREATE TRIGGER `deck_reviews_count_insert` AFTER INSERT ON `deck_reviews` BEGIN
	UPDATE `deck_listings` SET
		`rating_sum` = (SELECT coalesce(sum(`rating`), 0) FROM `deck_reviews` WHERE `deck_id` = new.`deck_id`),
		`rating_count` = (SELECT count(*) FROM `deck_reviews` WHERE `deck_id` = new.`deck_id`)
	WHERE `deck_id` = new.`deck_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `deck_reviews_count_update` AFTER UPDATE OF `rating`, `deck_id` ON `deck_reviews` BEGIN
	UPDATE `deck_listings` SET
		`rating_sum` = (SELECT coalesce(sum(`rating`), 0) FROM `deck_reviews` WHERE `deck_id` = `deck_listings`.`deck_id`),
		`rating_count` = (SELECT count(*) FROM `deck_reviews` WHERE `deck_id` = `deck_listings`.`deck_id`)
	WHERE `deck_id` IN (new.`deck_id`, old.`deck_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `deck_reviews_count_delete` AFTER DELETE ON `deck_reviews` BEGIN
	UPDATE `deck_listings` SET
		`rating_sum` = (SELECT coalesce(sum(`rating`), 0) FROM `deck_reviews` WHERE `deck_id` = old.`deck_id`),
		`rating_count` = (SELECT count(*) FROM `deck_reviews` WHERE `deck_id` = old.`deck_id`)
	-- A deck being deleted takes its listing with it: nothing is left to count for.
	WHERE `deck_id` = old.`deck_id` AND EXISTS (SELECT 1 FROM `decks` WHERE `id` = old.`deck_id`);
END;
--> statement-breakpoint
-- A listing made after its deck's reviews (listed again, say) starts from them too.
CREATE TRIGGER `deck_listings_count_reviews` AFTER INSERT ON `deck_listings` BEGIN
	UPDATE `deck_listings` SET
		`rating_sum` = (SELECT coalesce(sum(`rating`), 0) FROM `deck_reviews` WHERE `deck_id` = new.`deck_id`),
		`rating_count` = (SELECT count(*) FROM `deck_reviews` WHERE `deck_id` = new.`deck_id`)
	WHERE `deck_id` = new.`deck_id`;
END;
--> statement-breakpoint
-- Counters written before this rule (seeded numbers with no reviews behind them) are counted again.
UPDATE `deck_listings` SET
	`rating_sum` = (SELECT coalesce(sum(`rating`), 0) FROM `deck_reviews` WHERE `deck_reviews`.`deck_id` = `deck_listings`.`deck_id`),
	`rating_count` = (SELECT count(*) FROM `deck_reviews` WHERE `deck_reviews`.`deck_id` = `deck_listings`.`deck_id`);
--> statement-breakpoint
-- Public means in the marketplace: a public deck of a member that was never listed is listed for free,
-- with its first three cards as the preview.
INSERT INTO `deck_listings` (`deck_id`, `seller_id`, `price_cents`, `description`, `preview_card_keys`, `listed_at`, `updated_at`)
SELECT d.`id`, d.`creator_id`, 0, coalesce(d.`description`, ''),
	coalesce((SELECT json_group_array(`card_key`) FROM (SELECT `card_key` FROM `cards` WHERE `deck_id` = d.`id` AND `status` = 'ready' ORDER BY `arcana`, `number` LIMIT 3)), '[]'),
	CAST(unixepoch('subsec') * 1000 AS integer), CAST(unixepoch('subsec') * 1000 AS integer)
FROM `decks` AS d JOIN `users` AS u ON u.`id` = d.`creator_id`
WHERE d.`is_public` = 1 AND d.`status` = 'ready' AND u.`email` IS NOT NULL
	AND NOT EXISTS (SELECT 1 FROM `deck_listings` WHERE `deck_id` = d.`id`);
--> statement-breakpoint
-- A public deck that is out of the marketplace (taken out, or a guest's, who cannot list) is private.
UPDATE `decks` SET `is_public` = 0
WHERE `is_public` = 1 AND NOT EXISTS (SELECT 1 FROM `deck_listings` WHERE `deck_id` = `decks`.`id` AND `status` = 'listed');
--> statement-breakpoint
-- Whoever has listed a deck is a creator.
UPDATE `users` SET `is_creator` = 1 WHERE `is_creator` = 0 AND EXISTS (SELECT 1 FROM `deck_listings` WHERE `seller_id` = `users`.`id`);
