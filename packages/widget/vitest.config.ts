import { defineProject } from 'vitest/config';

// Component tests opt into jsdom per file (`// @vitest-environment jsdom`); the rest runs in node. No 'browser'
// condition: it would load preact.module.js while @testing-library/preact (external) loads preact.mjs, two copies.
export default defineProject({
  resolve: { conditions: ['source', 'module', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    name: 'widget',
    environment: 'node',
    include: ['src/**/__tests__/**/*.test.{ts,tsx}', '__tests__/**/*.test.{ts,tsx}'],
  },
});
