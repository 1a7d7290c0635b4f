import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The PostgreSQL tests share one server; each file works in a schema of its own.
    testTimeout: 20_000,
  },
});
