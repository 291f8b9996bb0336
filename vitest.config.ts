import { defineConfig } from 'vitest/config';

// One runner, five projects: `npm run test:unit` runs the first four, `npm run test:e2e` the browser tests.
export default defineConfig({
  test: {
    // Vitest leaves one core free by default; on a two-core machine that runs every file one after another.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          exclude: ['src/documents/**'],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The document converters (PDF drawing, LibreOffice, archives) touch no database: CI runs them once.
        test: {
          name: 'converters',
          root: 'apps/server',
          environment: 'node',
          include: ['src/documents/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          // One real server for the tests whose behaviour crosses the API (src/test/server.ts).
          globalSetup: ['src/test/server-global-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['**/*.test.ts'],
          globalSetup: ['global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
