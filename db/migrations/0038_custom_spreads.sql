-- Spreads of a person's own: positions on the builder's grid, shared by their unguessable id (decision 0080).
CREATE TABLE `custom_spreads` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`positions` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `custom_spreads_owner_idx` ON `custom_spreads` (`owner_id`,`updated_at`);
--> statement-breakpoint
-- A journal entry keeps the positions its spread had when the reading was laid.
ALTER TABLE `reading_journal` ADD `layout` text;
