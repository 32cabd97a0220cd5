-- Clients a reader takes no readings from until they lift the block (decision 0089).
CREATE TABLE `reader_blocks` (
	`reader_id` text NOT NULL,
	`client_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`reader_id`, `client_id`),
	FOREIGN KEY (`reader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reader_blocks_client_idx` ON `reader_blocks` (`client_id`);
