-- Each deck's pictures are painted from a secret of its own, kept here and never sent (decision 0053).
ALTER TABLE `decks` ADD `painting_secret` text;
--> statement-breakpoint
UPDATE `decks` SET `painting_secret` = lower(hex(randomblob(16))) WHERE `painting_secret` IS NULL;
--> statement-breakpoint
CREATE TRIGGER `decks_painting_secret_insert` AFTER INSERT ON `decks`
WHEN new.`painting_secret` IS NULL BEGIN
	UPDATE `decks` SET `painting_secret` = lower(hex(randomblob(16))) WHERE `id` = new.`id`;
END;
