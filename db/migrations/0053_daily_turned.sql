-- The card of the day starts face down: the person turns it over, says what they see, then reads
-- its meaning. The local dates of the last day they turned it and read its meaning, so a reload or
-- another device shows the day's card as far as they took it.
ALTER TABLE `daily_settings` ADD `turned_on` text;--> statement-breakpoint
ALTER TABLE `daily_settings` ADD `read_on` text;
