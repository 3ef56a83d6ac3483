-- 'Horário fixo' on a visit: the office promised the customer that time, and the day's route proposal
-- never moves it (it reorders every other visit of the day around it).
ALTER TABLE invoices ADD COLUMN fixed_time boolean NOT NULL DEFAULT false;
