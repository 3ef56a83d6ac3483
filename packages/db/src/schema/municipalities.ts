import { pgTable, text } from 'drizzle-orm/pg-core';

/** IBGE's municipalities, loaded by migration from packages/db/ibge/municipios.csv; shared by every organization. */
export const municipalities = pgTable('municipalities', {
  /** 7 digits, the first two the UF's code. */
  ibgeCode: text('ibge_code').primaryKey(),
  name: text('name').notNull(),
  /** UF: 'SP'. */
  state: text('state').notNull(),
});
