import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    pool: 'threads',
    // a passing test prints nothing: what a test logs shows only when it fails
    silent: 'passed-only',
    reporters: ['default', './test/support/skipReporter.ts'],
  },
});
