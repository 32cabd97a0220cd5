-- Flashcards with spaced repetition (decision 0107): each person's FSRS state per deck (NULL for the
-- classic deck) and card, and a log of every grade given.
CREATE TABLE `flashcards` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`deck_id` text,
	`card_key` text NOT NULL,
	`due` integer NOT NULL,
	`stability` real NOT NULL,
	`difficulty` real NOT NULL,
	`scheduled_days` integer NOT NULL,
	`learning_steps` integer NOT NULL,
	`reps` integer NOT NULL,
	`lapses` integer NOT NULL,
	`state` text NOT NULL,
	`last_review` integer NOT NULL,
	`last_review_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flashcards_deck_card_idx` ON `flashcards` (`user_id`,`deck_id`,`card_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `flashcards_classic_card_idx` ON `flashcards` (`user_id`,`card_key`) WHERE "flashcards"."deck_id" IS NULL;--> statement-breakpoint
CREATE INDEX `flashcards_due_idx` ON `flashcards` (`user_id`,`deck_id`,`due`);--> statement-breakpoint
CREATE TABLE `flashcard_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`deck_id` text,
	`card_key` text NOT NULL,
	`grade` text NOT NULL,
	`state` text NOT NULL,
	`stability` real NOT NULL,
	`difficulty` real NOT NULL,
	`scheduled_days` integer NOT NULL,
	`learning_steps` integer NOT NULL,
	`due_before` integer NOT NULL,
	`next_due` integer NOT NULL,
	`reviewed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deck_id`) REFERENCES `decks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `flashcard_reviews_user_idx` ON `flashcard_reviews` (`user_id`,`deck_id`,`reviewed_at`);
