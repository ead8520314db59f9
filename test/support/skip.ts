import { describe, it, type TestFunction, type TestOptions } from 'vitest';

/**
 * Tests that run only where `reason` is undefined; elsewhere one skipped test carries the
 * reason, which test/support/skipReporter.ts prints once at the end of the run (a passing run
 * prints nothing else). `unless(reason).describe(...)` skips a whole suite as one test.
 */
export function unless(reason: string | undefined): {
  it: (name: string, fn: TestFunction, timeout?: number) => void;
  describe: (name: string, body: () => void | Promise<void>, options?: TestOptions) => void;
} {
  return {
    it: (name, fn, timeout) => (reason === undefined ? it(name, fn, timeout) : it(name, (context) => context.skip(reason))),
    describe: (name, body, options) => (reason === undefined ? describe(name, options ?? {}, body) : describe(name, () => it('every test', (context) => context.skip(reason)))),
  };
}
