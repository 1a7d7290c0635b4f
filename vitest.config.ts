import { defineConfig } from 'vitest/config';

// One `vitest run` covers every layer; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web', 'apps/native', 'e2e'],
  },
});
