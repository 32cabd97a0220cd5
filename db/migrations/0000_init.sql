CREATE TABLE `anonymous_users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `auth_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_sessions_user_idx` ON `auth_sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `auth_sessions_expiry_idx` ON `auth_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `cards` (
	`id` text PRIMARY KEY NOT NULL,
	`deck_id` text NOT NULL,
	`card_key` text NOT NULL,
	`name` text NOT NULL,
	`arcana` text NOT NULL,
	`suit` text,
	`number` integer NOT NULL,
	`description` text,
	`image_key` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`regenerations` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cards_deck_card_idx` ON `cards` (`deck_id`,`card_key`);--> statement-breakpoint
CREATE TABLE `deck_quota_ledger` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`major_arcana_change` integer DEFAULT 0 NOT NULL,
	`complete_deck_change` integer DEFAULT 0 NOT NULL,
	`description` text NOT NULL,
	`reference_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `deck_quota_ledger_user_idx` ON `deck_quota_ledger` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `deck_quota_ledger_reference_idx` ON `deck_quota_ledger` (`user_id`,`reference_id`);--> statement-breakpoint
CREATE TABLE `decks` (
	`id` text PRIMARY KEY NOT NULL,
	`creator_id` text NOT NULL,
	`title` text NOT NULL,
	`theme` text NOT NULL,
	`description` text,
	`art_style` text,
	`kind` text DEFAULT 'major_arcana' NOT NULL,
	`status` text DEFAULT 'generating' NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`price_cents` integer,
	`cover_card_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "decks_price_check" CHECK("decks"."price_cents" IS NULL OR "decks"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `decks_creator_idx` ON `decks` (`creator_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `decks_public_idx` ON `decks` (`is_public`,`created_at`);--> statement-breakpoint
CREATE TABLE `reader_levels` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`rank_order` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reader_levels_rank_order_unique` ON `reader_levels` (`rank_order`);--> statement-breakpoint
CREATE TABLE `reading_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`host_user_id` text NOT NULL,
	`original_host_user_id` text,
	`deck_id` text,
	`reading_step` text DEFAULT 'setup' NOT NULL,
	`shuffled_deck` text,
	`selected_layout` text,
	`question` text,
	`selected_cards` text,
	`interpretation` text,
	`zoom_level` real DEFAULT 1 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`last_activity_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`original_host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reading_sessions_host_idx` ON `reading_sessions` (`host_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reading_sessions_activity_idx` ON `reading_sessions` (`is_active`,`last_activity_at`);--> statement-breakpoint
CREATE TABLE `session_participants` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`user_id` text,
	`anonymous_id` text,
	`name` text DEFAULT 'User' NOT NULL,
	`is_host` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`joined_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_seen_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `reading_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`anonymous_id`) REFERENCES `anonymous_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `session_participants_session_idx` ON `session_participants` (`session_id`,`is_active`,`last_seen_at`);--> statement-breakpoint
CREATE INDEX `session_participants_user_idx` ON `session_participants` (`user_id`);--> statement-breakpoint
CREATE INDEX `session_participants_anonymous_idx` ON `session_participants` (`anonymous_id`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`subscription_status` text NOT NULL,
	`price_id` text NOT NULL,
	`current_period_end` integer NOT NULL,
	`provider_customer_id` text,
	`provider_subscription_id` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_provider_subscription_id_unique` ON `subscriptions` (`provider_subscription_id`);--> statement-breakpoint
CREATE TABLE `user_deck_quotas` (
	`user_id` text PRIMARY KEY NOT NULL,
	`plan_type` text DEFAULT 'free' NOT NULL,
	`major_arcana_quota` integer DEFAULT 1 NOT NULL,
	`complete_deck_quota` integer DEFAULT 0 NOT NULL,
	`major_arcana_used` integer DEFAULT 0 NOT NULL,
	`complete_deck_used` integer DEFAULT 0 NOT NULL,
	`last_refresh_date` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`next_refresh_date` integer NOT NULL,
	`max_rollover_quota` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_deck_quotas_bounds" CHECK("user_deck_quotas"."major_arcana_used" >= 0 AND "user_deck_quotas"."complete_deck_used" >= 0 AND "user_deck_quotas"."major_arcana_used" <= "user_deck_quotas"."major_arcana_quota" AND "user_deck_quotas"."complete_deck_used" <= "user_deck_quotas"."complete_deck_quota")
);
--> statement-breakpoint
CREATE INDEX `user_deck_quotas_refresh_idx` ON `user_deck_quotas` (`next_refresh_date`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`username` text,
	`full_name` text,
	`avatar_url` text,
	`bio` text,
	`is_creator` integer DEFAULT false NOT NULL,
	`is_reader` integer DEFAULT false NOT NULL,
	`custom_price_per_minute` integer,
	`level_id` text,
	`is_online` integer DEFAULT false NOT NULL,
	`last_seen_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`level_id`) REFERENCES `reader_levels`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "users_price_check" CHECK("users"."custom_price_per_minute" IS NULL OR "users"."custom_price_per_minute" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE INDEX `users_readers_idx` ON `users` (`is_reader`,`is_online`,`last_seen_at`);