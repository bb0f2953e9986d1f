import { defineProject } from 'vitest/config';

// checkout.test.ts starts the API from its sources; its `@lp/sdk` imports resolve to sources too (no build needed).
export default defineProject({
  resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'sdk',
    environment: 'node',
    include: ['__tests__/**/*.test.ts', 'src/**/__tests__/**/*.test.ts'],
  },
});
