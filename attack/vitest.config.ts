import { defineConfig } from 'vitest/config';

// Its own config, not in the root project list: `npm test` stays as it is and `npm run test:attack`
// (`vitest run --config attack/vitest.config.ts`) runs this suite against the real server.
export default defineConfig({
  test: {
    name: 'attack',
    include: ['**/*.attack.test.ts'],
    exclude: ['node_modules/**'],
    environment: 'node',
    // Slow clients are part of the attack: a case may wait up to ~25 s for the server to cut one off.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // One real server at a time: memory and timing figures mean nothing when two suites share a core.
    fileParallelism: false,
  },
});
