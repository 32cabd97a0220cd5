ALTER TABLE `reading_sessions` ADD `locked_at` integer;--> statement-breakpoint
ALTER TABLE `reading_sessions` ADD `deck_laid_by` text;--> statement-breakpoint
ALTER TABLE `session_participants` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `session_participants` ADD `arrived_at` integer;--> statement-breakpoint
-- Readings opened before this column had their deck laid by their host.
UPDATE `reading_sessions` SET `deck_laid_by` = `original_host_user_id` WHERE `deck_id` IS NOT NULL;--> statement-breakpoint
-- Seats taken before this column are counted as having come to the table.
UPDATE `session_participants` SET `arrived_at` = `joined_at`;
