import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect } from 'vitest';
import { evaluateBatch } from '../src/index.js';
import { addonPath } from '../src/addon/addon.js';
import { NO_NATIVE } from './backends.js';
import { unless } from './support/skip.js';
import { runChild } from './support/child.js';
import { SMALL_MEASURES, smallTieBatch } from './support/smallTieBatch.js';

const LABEL_TYPES = ['uint8', 'int32', 'float64'] as const;

/**
 * Every value of the native backend on the small tie batches: per label type, the measures'
 * per-query Float64Arrays one after another, as base64 bytes (exact, and short enough for a pipe).
 */
const VALUES = `
import { evaluateBatch } from './src/index.ts';
import { SMALL_MEASURES, smallTieBatch } from './test/support/smallTieBatch.ts';
import { addonPath } from './src/addon/addon.ts';
import { createRequire } from 'node:module';
const path = createRequire(import.meta.url)(addonPath()).vectorPath;
const values = ['uint8', 'int32', 'float64'].map((type, i) => {
  const r = evaluateBatch(smallTieBatch(40 + i, type), SMALL_MEASURES, { backend: 'native' });
  return Buffer.concat(SMALL_MEASURES.map((m) => Buffer.from(r.perQuery[m].buffer, r.perQuery[m].byteOffset, r.perQuery[m].byteLength))).toString('base64');
});
console.log(JSON.stringify({ path, values }));`;

/** The native values the VALUES child printed for label type `i`, as one Float64Array. */
function valuesOf(stdout: string, i: number): Float64Array {
  return new Float64Array(Uint8Array.from(Buffer.from((JSON.parse(stdout) as { values: string[] }).values[i]!, 'base64')).buffer);
}

describe('the native vector path (AVX2 where the CPU has it, else the baseline loop)', () => {
  unless(NO_NATIVE).it('is AVX2 on a CPU with AVX2 (as /proc/cpuinfo tells), the baseline loop under TIE_EVAL_NO_AVX2', () => {
    const addon = createRequire(import.meta.url)(addonPath()) as { vectorPath: string };
    const cpuinfo = process.platform === 'linux' && process.arch === 'x64' ? readFileSync('/proc/cpuinfo', 'utf8') : '';
    if (process.env.TIE_EVAL_NO_AVX2) expect(addon.vectorPath).toBe('baseline');
    else if (/^flags\s*:.*\bavx2\b/m.test(cpuinfo)) expect(addon.vectorPath).toBe('avx2');
    else expect(['avx2', 'baseline']).toContain(addon.vectorPath);
  });

  unless(NO_NATIVE).it('TIE_EVAL_NO_AVX2 forces the baseline loop, which gives the same values to the bit, for each label type', () => {
    const wide = runChild(VALUES, { TIE_EVAL_NO_AVX2: '', TIE_EVAL_BACKEND: '' });
    const baseline = runChild(VALUES, { TIE_EVAL_NO_AVX2: '1', TIE_EVAL_BACKEND: '' });
    expect(wide.status, wide.stderr).toBe(0);
    expect(baseline.status, baseline.stderr).toBe(0);
    expect(JSON.parse(baseline.stdout).path).toBe('baseline');
    LABEL_TYPES.forEach((type, i) => {
      const got = valuesOf(baseline.stdout, i);
      expect(got, type).toEqual(valuesOf(wide.stdout, i));
      // and both are the reference's values (within the differential tests' tolerance)
      const want = evaluateBatch(smallTieBatch(40 + i, type), SMALL_MEASURES, { backend: 'js' });
      const ref = Float64Array.from(SMALL_MEASURES.flatMap((m) => Array.from(want.perQuery[m]!)));
      expect(got.length).toBe(ref.length);
      ref.forEach((v, k) => expect(got[k], `${type} ${SMALL_MEASURES[Math.floor(k / (ref.length / SMALL_MEASURES.length))]}`).toBeCloseTo(v, 12));
    });
  });
});
