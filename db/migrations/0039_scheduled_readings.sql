-- Scheduled readings: a reader's weekly hours and days off, bookings of their slots, and holds on a reading balance (decision 0081).
CREATE TABLE `wallet_holds` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'held' NOT NULL,
	`converted_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`settled_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "wallet_holds_amount_check" CHECK("wallet_holds"."amount_cents" > 0 AND "wallet_holds"."converted_cents" BETWEEN 0 AND "wallet_holds"."amount_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_holds_subject_idx` ON `wallet_holds` (`kind`,`subject_id`);
--> statement-breakpoint
CREATE INDEX `wallet_holds_user_idx` ON `wallet_holds` (`user_id`,`status`);
--> statement-breakpoint
CREATE TABLE `reader_availability` (
	`id` text PRIMARY KEY NOT NULL,
	`reader_id` text NOT NULL,
	`weekday` integer NOT NULL,
	`start_minute` integer NOT NULL,
	`end_minute` integer NOT NULL,
	`slot_minutes` integer NOT NULL,
	`time_zone` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`reader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reader_availability_hours_check" CHECK("reader_availability"."weekday" BETWEEN 0 AND 6 AND "reader_availability"."start_minute" >= 0 AND "reader_availability"."end_minute" <= 1440 AND "reader_availability"."start_minute" < "reader_availability"."end_minute" AND "reader_availability"."slot_minutes" > 0)
);
--> statement-breakpoint
CREATE INDEX `reader_availability_reader_idx` ON `reader_availability` (`reader_id`,`weekday`);
--> statement-breakpoint
CREATE TABLE `reader_days_off` (
	`reader_id` text NOT NULL,
	`date` text NOT NULL,
	PRIMARY KEY(`reader_id`, `date`),
	FOREIGN KEY (`reader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reader_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`reader_id` text NOT NULL,
	`client_id` text NOT NULL,
	`start_at` integer NOT NULL,
	`minutes` integer NOT NULL,
	`mode` text NOT NULL,
	`price_per_minute_cents` integer NOT NULL,
	`hold_cents` integer NOT NULL,
	`client_time_zone` text NOT NULL,
	`origin` text NOT NULL,
	`status` text DEFAULT 'booked' NOT NULL,
	`reminded_at` integer,
	`reading_id` text,
	`client_arrived_at` integer,
	`reader_arrived_at` integer,
	`cancelled_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`settled_at` integer,
	FOREIGN KEY (`reader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reader_bookings_slot_idx` ON `reader_bookings` (`reader_id`,`start_at`) WHERE "reader_bookings"."status" = 'booked';
--> statement-breakpoint
CREATE INDEX `reader_bookings_client_idx` ON `reader_bookings` (`client_id`,`start_at`);
--> statement-breakpoint
CREATE INDEX `reader_bookings_reader_idx` ON `reader_bookings` (`reader_id`,`start_at`);
--> statement-breakpoint
CREATE INDEX `reader_bookings_due_idx` ON `reader_bookings` (`status`,`start_at`);
--> statement-breakpoint
ALTER TABLE `push_settings` ADD `bookings` integer DEFAULT true NOT NULL;
