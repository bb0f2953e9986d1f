import { defineProject } from 'vitest/config';

// The API starts from its sources (globalSetup); `@lp/sdk` resolves to its sources too (no build needed).
export default defineProject({
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'react',
    environment: 'jsdom',
    include: ['__tests__/**/*.test.{ts,tsx}'],
    globalSetup: ['./__tests__/support/apiSetup.ts'],
  },
});
