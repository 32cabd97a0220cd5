ALTER TABLE `reading_sessions` ADD `locked_at` integer;--> statement-breakpoint
ALTER TABLE `reading_sessions` ADD `deck_laid_by` text;--> statement-breakpoint
ALTER TABLE `session_participants` ADD `removed_at` integer;--> statement-breakpoint
-- Readings opened before this column had their deck laid by their host.
UPDATE `reading_sessions` SET `deck_laid_by` = `original_host_user_id` WHERE `deck_id` IS NOT NULL;
