-- A live second opinion (decision 0104): a request to a reader that names an entry of the client's
-- journal. When the reader accepts, the reading's table opens with that entry's cards laid face up,
-- its question and AI interpretation only when the client chose to show them.
ALTER TABLE `reading_requests` ADD `journal_entry_id` text REFERENCES reading_journal(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `reading_requests` ADD `share_question` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `reading_requests` ADD `share_interpretation` integer DEFAULT false NOT NULL;
