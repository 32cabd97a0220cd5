-- A card's own words for its painter (decision 0120): a few words added to one card's repaint
-- ("with a lighthouse"), painted within the deck's theme and style; null paints the theme alone.
ALTER TABLE `cards` ADD `prompt` text;
--> statement-breakpoint
-- The pictures a card has had and the ones a repaint offered beside its new picture: the owner may
-- keep any of them instead of the one the card shows. Each row's picture lives in the deck's media.
CREATE TABLE `card_pictures` (
	`id` text PRIMARY KEY NOT NULL,
	`card_id` text NOT NULL,
	`image_key` text NOT NULL,
	`prompt` text,
	`kind` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`card_id`) REFERENCES `cards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `card_pictures_card_idx` ON `card_pictures` (`card_id`,`created_at`);
