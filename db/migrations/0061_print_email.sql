-- A print's holder may ask to be e-mailed when its PDF is ready (decision 0117); the job that
-- finishes it clears the flag in the statement that decides to send, so the e-mail goes once.
ALTER TABLE `deck_prints` ADD `email_when_ready` integer DEFAULT false NOT NULL;
