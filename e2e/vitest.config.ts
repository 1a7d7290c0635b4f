import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Real Chromium, Icecast and servers: one file at a time keeps a two-core machine honest.
    fileParallelism: false,
  },
});
