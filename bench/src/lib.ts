import pg from 'pg';
import { migrate, openDatabase, type Database } from '@ordem-certa/db';
import type { Cluster } from '@ordem-certa/test-support/postgres-cluster';
/** Small timing helpers for the benchmarks: percentiles over repeated runs. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export async function measure(label: string, runs: number, fn: () => Promise<unknown>, warmup = 3) {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const result = {
    label,
    runs,
    p50: +percentile(times, 50).toFixed(2),
    p95: +percentile(times, 95).toFixed(2),
    max: +times[times.length - 1]!.toFixed(2),
  };
  console.log(
    `${label.padEnd(48)} p50 ${String(result.p50).padStart(8)} ms   p95 ${String(result.p95).padStart(8)} ms`,
  );
  return result;
}

/** A new database of that name on a throwaway cluster, migrated: the app's schema, empty. */
export async function migratedDatabase(cluster: Cluster, name: string): Promise<{ url: string; database: Database }> {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = cluster.url(name);
  const database = await openDatabase({ databaseUrl: url });
  await migrate(database);
  return { url, database };
}
