import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { linguiPlugins } from './vite.config.ts';

export default defineProject({
  plugins: [react(), ...linguiPlugins()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'vite-catalog-parts.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Above setup.ts's 5 s for findBy*/waitFor: with the default (also 5 s), a wait that failed
    // showed up in CI as a bare "Test timed out" instead of what it was waiting for.
    testTimeout: 20_000,
  },
});
