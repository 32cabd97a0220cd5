-- Decks you can hold: a chosen or uploaded card back, a card's own words beside the original, and print-ready PDFs per holder and version (decision 0066).
ALTER TABLE `decks` ADD `card_back` text;
--> statement-breakpoint
ALTER TABLE `decks` ADD `back_image_key` text;
--> statement-breakpoint
ALTER TABLE `cards` ADD `edited_name` text;
--> statement-breakpoint
ALTER TABLE `cards` ADD `edited_description` text;
--> statement-breakpoint
CREATE TABLE `deck_prints` (
	`id` text PRIMARY KEY NOT NULL,
	`deck_id` text NOT NULL,
	`holder_id` text NOT NULL,
	`version` text NOT NULL,
	`paper` text NOT NULL,
	`arrangement` text NOT NULL,
	`status` text DEFAULT 'working' NOT NULL,
	`cards_done` integer DEFAULT 0 NOT NULL,
	`cards_total` integer NOT NULL,
	`file_key` text,
	`bytes` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`holder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deck_prints_version_idx` ON `deck_prints` (`deck_id`,`holder_id`,`version`,`paper`,`arrangement`);
