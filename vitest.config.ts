import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const api = (name: string, db: string) => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/*/src/**/*.test.ts'] } },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      api('api-pglite', 'pglite'),
      api('api-postgres', 'postgres'),
    ],
  },
});
