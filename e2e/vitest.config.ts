import { defineConfig } from 'vitest/config';

/** Browser tests: one server and one Chromium per file, files one after another. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
