CREATE TABLE `reader_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`specialties` text DEFAULT '[]' NOT NULL,
	`languages` text DEFAULT '[]' NOT NULL,
	`years_of_practice` integer DEFAULT 0 NOT NULL,
	`available` integer DEFAULT false NOT NULL,
	`completed_readings` integer DEFAULT 0 NOT NULL,
	`rating_sum` integer DEFAULT 0 NOT NULL,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reader_profiles_counts_check" CHECK("reader_profiles"."completed_readings" >= 0 AND "reader_profiles"."rating_count" >= 0 AND "reader_profiles"."rating_sum" BETWEEN "reader_profiles"."rating_count" AND "reader_profiles"."rating_count" * 5)
);
--> statement-breakpoint
ALTER TABLE `reader_certificates` ADD `level_id` text DEFAULT 'level-apprentice' NOT NULL;--> statement-breakpoint
ALTER TABLE `reader_certificates` ADD `holder_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `reader_certificates` ADD `revoked_at` integer;--> statement-breakpoint
ALTER TABLE `reader_certificates` ADD `revoked_reason` text;--> statement-breakpoint
-- Readers made before profiles existed get an empty one, and their certificates the name they go by.
INSERT INTO `reader_profiles` (`user_id`) SELECT `id` FROM `users` WHERE `is_reader` = 1;--> statement-breakpoint
UPDATE `reader_certificates` SET `holder_name` = COALESCE((SELECT COALESCE(`full_name`, `username`, '') FROM `users` WHERE `users`.`id` = `reader_certificates`.`user_id`), '');
--> statement-breakpoint
-- An application's languages become a JSON list, as profiles keep them.
UPDATE `reader_applications` SET `languages` = json_array(`languages`) WHERE json_valid(`languages`) = 0 OR json_type(`languages`) <> 'array';
