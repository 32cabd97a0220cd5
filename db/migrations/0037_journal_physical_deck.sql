-- A reading done with a physical deck, logged by hand: the deck's name as the person gave it.
ALTER TABLE `reading_journal` ADD `physical_deck` text;
