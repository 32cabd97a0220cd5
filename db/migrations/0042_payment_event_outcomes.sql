-- What each payment event did when applied, and every delivery that failed (decision 0077).
ALTER TABLE `payment_events` ADD `outcome` text DEFAULT 'applied' NOT NULL;
--> statement-breakpoint
CREATE TABLE `payment_event_failures` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text,
	`type` text,
	`failure` text NOT NULL,
	`message` text NOT NULL,
	`failed_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_event_failures_failed_at_idx` ON `payment_event_failures` (`failed_at`);
