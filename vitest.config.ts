import { defineConfig } from 'vitest/config';

// One vitest run over every workspace member, so the root test command counts every test once.
export default defineConfig({
  test: {
    projects: ['packages/*', 'examples/*', 'e2e'],
  },
});
