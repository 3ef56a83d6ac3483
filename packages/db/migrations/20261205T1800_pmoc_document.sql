-- What the PMOC document prints beyond the plan's schedule: the building's name and the customer's
-- standing in it, the recommendations, the rooms served, the tasks per component with their
-- periodicity, the equipment's type, capacity and location, and each year's air-quality report.

ALTER TABLE maintenance_plans ADD COLUMN building_name text;
-- The customer is the building's owner, its tenant or the owner's agent (proprietário, locatário, preposto).
ALTER TABLE maintenance_plans ADD COLUMN customer_role text NOT NULL DEFAULT 'owner';
ALTER TABLE maintenance_plans ADD CONSTRAINT maintenance_plans_customer_role_check
  CHECK (customer_role IN ('owner', 'tenant', 'agent'));
ALTER TABLE maintenance_plans ADD COLUMN recommendations text;

ALTER TABLE equipments ADD COLUMN kind text;
ALTER TABLE equipments ADD COLUMN capacity_btuh integer;
ALTER TABLE equipments ADD COLUMN location text;
ALTER TABLE equipments ADD CONSTRAINT equipments_capacity_btuh_check
  CHECK (capacity_btuh IS NULL OR capacity_btuh BETWEEN 1 AND 100000000);

CREATE TABLE maintenance_plan_rooms (
  organization_id integer NOT NULL REFERENCES organizations(id),
  plan_id integer NOT NULL,
  position integer NOT NULL,
  name text NOT NULL,
  area_m2 numeric(10, 2) NOT NULL,
  fixed_occupants integer NOT NULL,
  floating_occupants integer NOT NULL,
  thermal_load_btuh integer NOT NULL,
  outdoor_air_m3h integer NOT NULL,
  PRIMARY KEY (plan_id, position),
  CONSTRAINT maintenance_plan_rooms_values_check CHECK (area_m2 > 0 AND fixed_occupants >= 0
    AND floating_occupants >= 0 AND thermal_load_btuh >= 0 AND outdoor_air_m3h >= 0),
  CONSTRAINT maintenance_plan_rooms_plan_fkey FOREIGN KEY (organization_id, plan_id)
    REFERENCES maintenance_plans (organization_id, id) ON DELETE CASCADE
);

CREATE TABLE maintenance_plan_tasks (
  organization_id integer NOT NULL REFERENCES organizations(id),
  plan_id integer NOT NULL,
  position integer NOT NULL,
  component text NOT NULL,
  task text NOT NULL,
  frequency text NOT NULL,
  PRIMARY KEY (plan_id, position),
  CONSTRAINT maintenance_plan_tasks_frequency_check
    CHECK (frequency IN ('monthly', 'bimonthly', 'quarterly', 'semiannual', 'annual')),
  CONSTRAINT maintenance_plan_tasks_plan_fkey FOREIGN KEY (organization_id, plan_id)
    REFERENCES maintenance_plans (organization_id, id) ON DELETE CASCADE
);

-- One air-quality report (a PDF in the file storage) per plan and year.
CREATE TABLE maintenance_plan_air_reports (
  organization_id integer NOT NULL REFERENCES organizations(id),
  plan_id integer NOT NULL,
  year integer NOT NULL,
  file_key text NOT NULL,
  file_name text NOT NULL,
  file_size integer NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  uploaded_by_id integer,
  PRIMARY KEY (plan_id, year),
  CONSTRAINT maintenance_plan_air_reports_year_check CHECK (year BETWEEN 2000 AND 2100),
  CONSTRAINT maintenance_plan_air_reports_plan_fkey FOREIGN KEY (organization_id, plan_id)
    REFERENCES maintenance_plans (organization_id, id) ON DELETE CASCADE,
  CONSTRAINT maintenance_plan_air_reports_uploaded_by_fkey FOREIGN KEY (organization_id, uploaded_by_id)
    REFERENCES users (organization_id, id)
);
