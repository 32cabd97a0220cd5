-- Full-text search over the marketplace: one row per listing with the words a person may look for.
-- Triggers keep it in step with listings, deck titles and themes, and creators' names; visibility
-- (listed, not hidden, deck ready) is decided by the query, not here.
CREATE VIRTUAL TABLE `marketplace_search` USING fts5(
	`deck_id` UNINDEXED,
	`title`,
	`theme`,
	`description`,
	`tags`,
	`creator`,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
CREATE VIEW `marketplace_search_source` AS
SELECT
	l.`deck_id` AS `deck_id`,
	d.`title` AS `title`,
	d.`theme` AS `theme`,
	trim(l.`description` || ' ' || COALESCE(d.`description`, '')) AS `description`,
	CASE WHEN json_valid(l.`tags`) AND json_type(l.`tags`) = 'array'
		THEN COALESCE((SELECT group_concat(t.`value`, ' ') FROM json_each(l.`tags`) AS t), '')
		ELSE '' END AS `tags`,
	trim(COALESCE(u.`username`, '') || ' ' || COALESCE(u.`full_name`, '')) AS `creator`
FROM `deck_listings` AS l
JOIN `decks` AS d ON d.`id` = l.`deck_id`
JOIN `users` AS u ON u.`id` = d.`creator_id`;
--> statement-breakpoint
CREATE TRIGGER `marketplace_search_listing_insert` AFTER INSERT ON `deck_listings` BEGIN
	INSERT INTO `marketplace_search` (`deck_id`, `title`, `theme`, `description`, `tags`, `creator`)
	SELECT `deck_id`, `title`, `theme`, `description`, `tags`, `creator` FROM `marketplace_search_source` WHERE `deck_id` = new.`deck_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketplace_search_listing_update` AFTER UPDATE OF `deck_id`, `description`, `tags` ON `deck_listings` BEGIN
	DELETE FROM `marketplace_search` WHERE `deck_id` = old.`deck_id`;
	INSERT INTO `marketplace_search` (`deck_id`, `title`, `theme`, `description`, `tags`, `creator`)
	SELECT `deck_id`, `title`, `theme`, `description`, `tags`, `creator` FROM `marketplace_search_source` WHERE `deck_id` = new.`deck_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketplace_search_listing_delete` AFTER DELETE ON `deck_listings` BEGIN
	DELETE FROM `marketplace_search` WHERE `deck_id` = old.`deck_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketplace_search_deck_update` AFTER UPDATE OF `title`, `theme`, `description`, `creator_id` ON `decks`
WHEN EXISTS (SELECT 1 FROM `deck_listings` WHERE `deck_id` = new.`id`) BEGIN
	DELETE FROM `marketplace_search` WHERE `deck_id` = new.`id`;
	INSERT INTO `marketplace_search` (`deck_id`, `title`, `theme`, `description`, `tags`, `creator`)
	SELECT `deck_id`, `title`, `theme`, `description`, `tags`, `creator` FROM `marketplace_search_source` WHERE `deck_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketplace_search_deck_delete` AFTER DELETE ON `decks` BEGIN
	DELETE FROM `marketplace_search` WHERE `deck_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketplace_search_creator_update` AFTER UPDATE OF `username`, `full_name` ON `users`
WHEN EXISTS (SELECT 1 FROM `deck_listings` l JOIN `decks` d ON d.`id` = l.`deck_id` WHERE d.`creator_id` = new.`id`) BEGIN
	DELETE FROM `marketplace_search` WHERE `deck_id` IN (SELECT `id` FROM `decks` WHERE `creator_id` = new.`id`);
	INSERT INTO `marketplace_search` (`deck_id`, `title`, `theme`, `description`, `tags`, `creator`)
	SELECT s.`deck_id`, s.`title`, s.`theme`, s.`description`, s.`tags`, s.`creator` FROM `marketplace_search_source` AS s
	JOIN `decks` AS d ON d.`id` = s.`deck_id` WHERE d.`creator_id` = new.`id`;
END;
--> statement-breakpoint
INSERT INTO `marketplace_search` (`deck_id`, `title`, `theme`, `description`, `tags`, `creator`)
SELECT `deck_id`, `title`, `theme`, `description`, `tags`, `creator` FROM `marketplace_search_source`;
