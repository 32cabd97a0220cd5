-- A journal that grows: tags and a mood on each entry, and full-text search over what was asked,
-- read and written. The index's row is the entry's own rowid, so a match joins its entry directly;
-- triggers keep it in step with every insert, change and deletion.
ALTER TABLE `reading_journal` ADD `tags` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `reading_journal` ADD `mood` text;
--> statement-breakpoint
CREATE VIRTUAL TABLE `reading_journal_search` USING fts5(
	`question`,
	`interpretation`,
	`notes`,
	`cards`,
	`tags`,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
CREATE VIEW `reading_journal_search_source` AS
SELECT
	j.`rowid` AS `entry_rowid`,
	COALESCE(j.`question`, '') AS `question`,
	COALESCE(j.`interpretation`, '') AS `interpretation`,
	j.`notes` AS `notes`,
	trim(j.`spread_name` || ' ' || CASE WHEN json_valid(j.`cards`) AND json_type(j.`cards`) = 'array'
		THEN COALESCE((SELECT group_concat(json_extract(c.`value`, '$.name') || CASE WHEN json_extract(c.`value`, '$.reversed') THEN ' reversed' ELSE '' END, ' ') FROM json_each(j.`cards`) AS c), '')
		ELSE '' END) AS `cards`,
	trim(CASE WHEN json_valid(j.`tags`) AND json_type(j.`tags`) = 'array'
		THEN COALESCE((SELECT group_concat(t.`value`, ' ') FROM json_each(j.`tags`) AS t), '')
		ELSE '' END || ' ' || COALESCE(j.`mood`, '')) AS `tags`
FROM `reading_journal` AS j;
--> statement-breakpoint
CREATE TRIGGER `reading_journal_search_insert` AFTER INSERT ON `reading_journal` BEGIN
	INSERT INTO `reading_journal_search` (`rowid`, `question`, `interpretation`, `notes`, `cards`, `tags`)
	SELECT `entry_rowid`, `question`, `interpretation`, `notes`, `cards`, `tags` FROM `reading_journal_search_source` WHERE `entry_rowid` = new.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `reading_journal_search_update` AFTER UPDATE OF `question`, `interpretation`, `notes`, `cards`, `spread_name`, `tags`, `mood` ON `reading_journal` BEGIN
	DELETE FROM `reading_journal_search` WHERE `rowid` = old.`rowid`;
	INSERT INTO `reading_journal_search` (`rowid`, `question`, `interpretation`, `notes`, `cards`, `tags`)
	SELECT `entry_rowid`, `question`, `interpretation`, `notes`, `cards`, `tags` FROM `reading_journal_search_source` WHERE `entry_rowid` = new.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `reading_journal_search_delete` AFTER DELETE ON `reading_journal` BEGIN
	DELETE FROM `reading_journal_search` WHERE `rowid` = old.`rowid`;
END;
--> statement-breakpoint
INSERT INTO `reading_journal_search` (`rowid`, `question`, `interpretation`, `notes`, `cards`, `tags`)
SELECT `entry_rowid`, `question`, `interpretation`, `notes`, `cards`, `tags` FROM `reading_journal_search_source`;
