import { defineProject } from 'vitest/config';

// Workspace packages resolve to their sources (`source` export condition), so no build is needed for them.
export default defineProject({
  resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 60000,
    hookTimeout: 60000,
    // Real Chromium, API and storefront share two cores on CI. A browser test that fails once is run once more, and
    // vitest lists it under "flaky" in its summary, so a race is seen and fixed instead of blocking every landing.
    // A real defect fails both attempts.
    retry: 1,
    // expect.poll waits for a condition the browser reaches on its own time; vitest's 1 s default is too tight on a
    // loaded 2-core CI machine (Chromium, API, storefront and other vitest workers share it).
    expect: { poll: { timeout: 15000, interval: 50 } },
  },
});
