ALTER TABLE `deck_listings` ADD `deck_kind` text DEFAULT 'major_arcana' NOT NULL;--> statement-breakpoint
ALTER TABLE `deck_listings` ADD `art_style` text;--> statement-breakpoint
ALTER TABLE `deck_listings` ADD `search_id` integer;--> statement-breakpoint
CREATE INDEX `deck_listings_search_idx` ON `deck_listings` (`search_id`,`visible`,`deck_kind`,`price_cents`,`art_style`,`rating_count`,`rating_sum`);--> statement-breakpoint
-- A search starts from the full-text index and joins each match to its listing by number: the
-- index's row id is the listing's `search_id`. The deck's kind and art style are copied onto the
-- listing, so a search with filters reads neither the deck nor the index's stored text.
DROP TRIGGER `marketplace_search_listing_insert`;
--> statement-breakpoint
DROP TRIGGER `marketplace_search_listing_update`;
--> statement-breakpoint
DROP TRIGGER `marketplace_search_listing_delete`;
--> statement-breakpoint
DROP TRIGGER `marketplace_search_deck_update`;
--> statement-breakpoint
DROP TRIGGER `marketplace_search_creator_update`;
--> statement-breakpoint
DROP TABLE `marketplace_search`;
--> statement-breakpoint
DROP VIEW `marketplace_search_source`;
--> statement-breakpoint
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
	l.`search_id` AS `search_id`,
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
UPDATE `deck_listings` SET
	`search_id` = rowid,
	`deck_kind` = (SELECT d.`kind` FROM `decks` AS d WHERE d.`id` = `deck_listings`.`deck_id`),
	`art_style` = (SELECT lower(d.`art_style`) FROM `decks` AS d WHERE d.`id` = `deck_listings`.`deck_id`);
--> statement-breakpoint
INSERT INTO `marketplace_search` (rowid, `deck_id`, `title`, `theme`, `description`, `tags`, `creator`)
SELECT `search_id`, `deck_id`, `title`, `theme`, `description`, `tags`, `creator` FROM `marketplace_search_source`;
--> statement-breakpoint
-- A new listing takes the next search number and its deck's kind and style, then enters the index.
CREATE TRIGGER `marketplace_search_listing_insert` AFTER INSERT ON `deck_listings` BEGIN
	UPDATE `deck_listings` SET
		`search_id` = (SELECT COALESCE(max(`search_id`), 0) + 1 FROM `deck_listings`),
		`deck_kind` = (SELECT d.`kind` FROM `decks` AS d WHERE d.`id` = new.`deck_id`),
		`art_style` = (SELECT lower(d.`art_style`) FROM `decks` AS d WHERE d.`id` = new.`deck_id`)
	WHERE `deck_id` = new.`deck_id`;
	INSERT INTO `marketplace_search` (rowid, `deck_id`, `title`, `theme`, `description`, `tags`, `creator`)
	SELECT `search_id`, `deck_id`, `title`, `theme`, `description`, `tags`, `creator` FROM `marketplace_search_source` WHERE `deck_id` = new.`deck_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketplace_search_listing_update` AFTER UPDATE OF `description`, `tags` ON `deck_listings` BEGIN
	DELETE FROM `marketplace_search` WHERE rowid = old.`search_id`;
	INSERT INTO `marketplace_search` (rowid, `deck_id`, `title`, `theme`, `description`, `tags`, `creator`)
	SELECT `search_id`, `deck_id`, `title`, `theme`, `description`, `tags`, `creator` FROM `marketplace_search_source` WHERE `deck_id` = new.`deck_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketplace_search_listing_delete` AFTER DELETE ON `deck_listings` BEGIN
	DELETE FROM `marketplace_search` WHERE rowid = old.`search_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketplace_search_deck_update` AFTER UPDATE OF `title`, `theme`, `description`, `creator_id` ON `decks`
WHEN EXISTS (SELECT 1 FROM `deck_listings` WHERE `deck_id` = new.`id`) BEGIN
	DELETE FROM `marketplace_search` WHERE rowid = (SELECT `search_id` FROM `deck_listings` WHERE `deck_id` = new.`id`);
	INSERT INTO `marketplace_search` (rowid, `deck_id`, `title`, `theme`, `description`, `tags`, `creator`)
	SELECT `search_id`, `deck_id`, `title`, `theme`, `description`, `tags`, `creator` FROM `marketplace_search_source` WHERE `deck_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `deck_listings_deck_filters` AFTER UPDATE OF `kind`, `art_style` ON `decks`
WHEN EXISTS (SELECT 1 FROM `deck_listings` WHERE `deck_id` = new.`id`) BEGIN
	UPDATE `deck_listings` SET `deck_kind` = new.`kind`, `art_style` = lower(new.`art_style`) WHERE `deck_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketplace_search_creator_update` AFTER UPDATE OF `username`, `full_name` ON `users`
WHEN EXISTS (SELECT 1 FROM `deck_listings` l JOIN `decks` d ON d.`id` = l.`deck_id` WHERE d.`creator_id` = new.`id`) BEGIN
	DELETE FROM `marketplace_search` WHERE rowid IN (
		SELECT l.`search_id` FROM `deck_listings` AS l JOIN `decks` AS d ON d.`id` = l.`deck_id` WHERE d.`creator_id` = new.`id`
	);
	INSERT INTO `marketplace_search` (rowid, `deck_id`, `title`, `theme`, `description`, `tags`, `creator`)
	SELECT s.`search_id`, s.`deck_id`, s.`title`, s.`theme`, s.`description`, s.`tags`, s.`creator` FROM `marketplace_search_source` AS s
	JOIN `decks` AS d ON d.`id` = s.`deck_id` WHERE d.`creator_id` = new.`id`;
END;
