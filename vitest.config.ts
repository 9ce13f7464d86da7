import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace; the browser tests live in e2e/. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node' } },
      { test: { name: 'protocols', root: 'packages/protocols', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/simulator/vitest.config.ts',
    ],
  },
});
