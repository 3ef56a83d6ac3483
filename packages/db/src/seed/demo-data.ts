import { readFileSync } from 'node:fs';

/** The demo organization's rows of a table, and the lite one's. */
export type DemoRows<T> = { demo: T; lite: T };

/**
 * Demo rows kept as data (`demo-data/<name>.json`), typed by the seed that inserts them. Enumerations
 * are written by name ("Completed", "Juridical") and turned into values by that seed.
 */
export function demoData<T>(name: string): DemoRows<T> {
  return JSON.parse(readFileSync(new URL(`./demo-data/${name}.json`, import.meta.url), 'utf8'));
}
