ALTER TABLE `paid_readings` ADD `interrupted_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `paid_readings_one_live_per_reader_idx` ON `paid_readings` (`reader_id`) WHERE `status` = 'live';
