import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'example-sdk-browser',
    environment: 'node',
    include: ['__tests__/**/*.test.ts'],
    testTimeout: 60000,
    hookTimeout: 90000,
    expect: { poll: { timeout: 15000, interval: 50 } },
  },
});
