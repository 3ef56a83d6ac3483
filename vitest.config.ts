import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const api = (name: string, db: string) => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    // The task and PDF threads at the process's priority: what they do is tested, not how they yield.
    env: { TEST_DB: db, BULK_THREAD_NICE: '0' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    // Vitest's default (CPUs - 1) is one worker on our 2-core machines; the API tests wait on the
    // database half the time, so two workers took the run from 302 s to 212 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.mjs'] } },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A widget test that types a form runs ~1.5 s alone; on a busy 2-core machine it passed the
          // 5 s default now and then. A real hang still fails.
          testTimeout: 20_000,
        },
      },
      api('api-pglite', 'pglite'),
      api('api-postgres', 'postgres'),
    ],
  },
});
