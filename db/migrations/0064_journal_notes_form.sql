-- Which page's form saved a journal entry's notes last, and which of its sends (decision 0127): a
-- later send from the same page builds on its own earlier one, and an earlier send that lands late
-- never writes over a later one. Any other write of the notes clears it.
ALTER TABLE `reading_journal` ADD `notes_form` text;--> statement-breakpoint
ALTER TABLE `reading_journal` ADD `notes_form_send` integer DEFAULT 0 NOT NULL;
