-- A card's own words for its painter (decision 0120): a few words added to one card's repaint
-- ("with a lighthouse"), painted within the deck's theme and style; null paints the theme alone.
ALTER TABLE `cards` ADD `prompt` text;
