-- The lessons' path (decision 0112): the lessons each person has marked read.
CREATE TABLE `lesson_reads` (
	`user_id` text NOT NULL,
	`lesson` text NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `lesson`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
