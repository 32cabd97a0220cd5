DROP INDEX `reader_certificates_attempt_id_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `reader_certificates_attempt_level_idx` ON `reader_certificates` (`attempt_id`,`level_id`);--> statement-breakpoint
CREATE INDEX `reader_certificates_user_idx` ON `reader_certificates` (`user_id`,`issued_at`);