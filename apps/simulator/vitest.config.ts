import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'simulator',
    root: import.meta.dirname,
    environment: 'node',
    testTimeout: 20_000,
  },
});
