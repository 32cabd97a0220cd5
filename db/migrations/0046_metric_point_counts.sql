-- A metric row sums the points written together outside production; earlier rows were one point each (decision 0091).
ALTER TABLE `metric_points` ADD `count` integer DEFAULT 1 NOT NULL;
