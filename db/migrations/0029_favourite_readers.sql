-- Favourite readers: a follow is a favourite, with "notify me when online" on or off; readers get a short introduction (decision 0064).
ALTER TABLE `reader_follows` ADD `notify` integer DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE INDEX `reader_follows_follower_idx` ON `reader_follows` (`follower_id`,`created_at`);
--> statement-breakpoint
ALTER TABLE `reader_profiles` ADD `introduction` text DEFAULT '' NOT NULL;
