import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/child.js';

/**
 * A 10^7-line run (2,000 queries of 5,000 results) is read and evaluated in bounded memory:
 * the child runs with a 256 MB V8 heap (holding the lines as strings would need several GB)
 * and reports its peak resident memory.
 */
describe('a 10^7-line run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tie-eval-big-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is evaluated query by query in bounded memory', () => {
    const run = join(dir, 'big.run');
    const qrels = join(dir, 'big.qrels');
    const fd = openSync(run, 'w');
    let judged = '';
    for (let q = 1; q <= 2000; q++) {
      let chunk = '';
      for (let i = 0; i < 5000; i++) chunk += `${q} Q0 d${i} ${i + 1} ${(i * 7919) % 97} r\n`;
      writeSync(fd, chunk);
      for (let i = 0; i < 5000; i += 500) judged += `${q} 0 d${i} ${i % 3}\n`;
    }
    closeSync(fd);
    const qfd = openSync(qrels, 'w');
    writeSync(qfd, judged);
    closeSync(qfd);
    const r = spawnSync(
      process.execPath,
      ['--max-old-space-size=256', '--import', join(ROOT, 'test/support/reportMemory.mjs'), '--import', 'tsx', join(ROOT, 'src/cli/bin.ts'), '-m', 'P@10,AP,nDCG@10', qrels, run],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, TIE_EVAL_BACKEND: process.env.TIE_EVAL_BACKEND ?? '' } },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^P@10 +\tall\t0\.\d{4}\nAP +\tall\t0\.\d{4}\nnDCG@10 +\tall\t0\.\d{4}\n$/);
    const memory = JSON.parse(/MEMORY (.*)/.exec(r.stderr)![1]!) as { maxRssMiB: number };
    console.log(`10^7-line run: peak RSS ${memory.maxRssMiB} MiB (V8 heap capped at 256 MB)`);
    expect(memory.maxRssMiB).toBeLessThan(1024);
  });
});
