-- A second opinion: a written reading asked about a reading already in the client's journal. Its
-- spread and cards are copied from the entry when asked; the question and the interpretation only
-- when the client chooses to show them. The answer is shown on that entry.
ALTER TABLE `written_requests` ADD `kind` text DEFAULT 'written' NOT NULL;--> statement-breakpoint
ALTER TABLE `written_requests` ADD `journal_entry_id` text REFERENCES reading_journal(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `written_requests` ADD `spread_name` text;--> statement-breakpoint
ALTER TABLE `written_requests` ADD `reading_question` text;--> statement-breakpoint
ALTER TABLE `written_requests` ADD `shared_interpretation` text;--> statement-breakpoint
CREATE INDEX `written_requests_entry_idx` ON `written_requests` (`journal_entry_id`);
