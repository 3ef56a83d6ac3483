-- A pay rule may add an amount per km the technician drove to the order (their stamps' route distance
-- from 'A caminho' to 'Cheguei'), on top of its kind's amount; 0 pays nothing for the km.
ALTER TABLE pay_rules ADD COLUMN km_rate_cents bigint NOT NULL DEFAULT 0;
ALTER TABLE pay_rules ADD CONSTRAINT pay_rules_km_rate_check CHECK (km_rate_cents >= 0);
