import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'example-sdk-node',
    environment: 'node',
    include: ['__tests__/**/*.test.ts'],
    testTimeout: 30000,
    hookTimeout: 30000,
  },
});
