import { defineProject } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the `source` export condition.
const conditions = ['source', 'node'];

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'api',
    environment: 'node',
    include: ['__tests__/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
