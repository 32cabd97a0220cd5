-- A reader of the local demo world: marked as such wherever readers are shown, and kept online by the presence room in local development only (decision 0099).
ALTER TABLE `reader_profiles` ADD `demo` integer DEFAULT 0 NOT NULL;
