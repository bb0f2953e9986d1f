import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'storefront',
    environment: 'jsdom',
    include: [
      '__tests__/**/*.test.{ts,tsx}',
      'src/**/__tests__/**/*.test.{ts,tsx}',
      'server/**/__tests__/**/*.test.ts',
    ],
    setupFiles: ['./__tests__/setup.ts'],
  },
});
