-- Error reports and metrics kept locally when no error service or Analytics Engine is configured (decision 0077).
CREATE TABLE `error_groups` (
	`fingerprint` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`type` text NOT NULL,
	`message` text NOT NULL,
	`frame` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`first_seen` integer NOT NULL,
	`last_seen` integer NOT NULL,
	`request_id` text NOT NULL,
	`route` text NOT NULL,
	`user_id` text,
	`release` text
);
--> statement-breakpoint
CREATE INDEX `error_groups_last_seen_idx` ON `error_groups` (`last_seen`);
--> statement-breakpoint
CREATE TABLE `metric_points` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`label` text NOT NULL,
	`value` real NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `metric_points_name_at_idx` ON `metric_points` (`name`,`at`);
