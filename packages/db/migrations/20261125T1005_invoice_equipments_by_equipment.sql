-- An equipment's orders (its history and its warranty) are found by the equipment.
CREATE INDEX invoice_equipments_equipment_idx ON invoice_equipments (equipment_id);
