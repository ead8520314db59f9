import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Says once, at the end of the run, why tests were skipped: each reason given to `ctx.skip`
 * (see skip.ts), with the files it skipped tests in. Tests skipped without one are only counted
 * by vitest's own summary.
 */
export default class SkipReporter implements Reporter {
  private readonly skipped = new Map<string, Set<string>>();

  onTestCaseResult(test: TestCase): void {
    const result = test.result();
    if (result.state !== 'skipped' || result.note === undefined) return;
    let files = this.skipped.get(result.note);
    if (files === undefined) this.skipped.set(result.note, (files = new Set()));
    files.add(relative(process.cwd(), test.module.moduleId));
  }

  onTestRunEnd(): void {
    for (const [reason, files] of this.skipped) process.stdout.write(`skipped (${reason}): ${[...files].join(', ')}\n`);
  }
}
