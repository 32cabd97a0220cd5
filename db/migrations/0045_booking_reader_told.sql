-- Whether the reader was e-mailed of a booking: a client's cancellation is mailed only then (decision 0090).
ALTER TABLE `reader_bookings` ADD `reader_told` integer DEFAULT true NOT NULL;
