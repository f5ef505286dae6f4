import { defineConfig } from 'vitest/config';

/** Three suites: unit (worker and UI logic), api (a real server process), e2e (Debian chromium). */
export default defineConfig({
  test: {
    // Two cores: API files run two at a time (each starts its own server on its own database).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Pure computation, but it shares two cores with the API tests in CI: vitest's default
          // 5 s timed out a 200-filter property test under that load.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
