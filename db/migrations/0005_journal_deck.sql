ALTER TABLE `reading_journal` ADD `deck_id` text REFERENCES decks(id) ON DELETE set null;--> statement-breakpoint
-- Entries kept before this column name the deck their reading last had on its table.
UPDATE `reading_journal` SET `deck_id` = (SELECT `deck_id` FROM `reading_sessions` WHERE `reading_sessions`.`id` = `reading_journal`.`session_id`);
