import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'example-react-app',
    environment: 'node',
    include: ['__tests__/**/*.test.ts'],
    testTimeout: 60000,
    // start.mjs packs, installs with npm and builds before it serves: minutes with a cold npm cache.
    hookTimeout: 300000,
    expect: { poll: { timeout: 15000, interval: 50 } },
  },
});
