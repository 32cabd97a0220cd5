-- The lessons' path and the learning streak (decision 0112): the lessons each person has marked
-- read; the days, on their own calendar, they reviewed a flashcard or turned their card of the day;
-- and the time of their daily reminder to learn, with the date it last went.
CREATE TABLE `lesson_reads` (
	`user_id` text NOT NULL,
	`lesson` text NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `lesson`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `learning_days` (
	`user_id` text NOT NULL,
	`local_date` text NOT NULL,
	PRIMARY KEY(`user_id`, `local_date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `daily_settings` ADD `learn_reminder_minute` integer;--> statement-breakpoint
ALTER TABLE `daily_settings` ADD `learn_reminded_on` text;
