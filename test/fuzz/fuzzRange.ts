import { backendInfo, type BackendName } from '../../src/index.js';
import { diversityCase } from './diversityCase.js';
import { fileCase } from './fileCase.js';
import { fuzzCase } from './fuzzCase.js';

/** The errors bad input may raise: anything else (a bare TypeError from V8, say) is a finding. */
const EXPECTED = new Set(['InputError', 'InputTypeError', 'MeasureNameError', 'FileError', 'RangeError', 'TypeError']);

/** What one backend made of a case: its values, or its error's class and message. */
async function outcome(run: () => unknown): Promise<string> {
  try {
    return JSON.stringify(await run(), (_, v: unknown) => (typeof v === 'number' ? (Object.is(v, -0) ? '-0' : String(v)) : ArrayBuffer.isView(v) ? Array.from(v as Float64Array, (x) => (Object.is(x, -0) ? '-0' : String(x))) : v));
  } catch (e) {
    const error = e as Error;
    const name = error?.constructor?.name ?? typeof e;
    // a V8 error of its own (not ours) says so: "unexpected" makes it a finding even where the backends agree
    const ours = EXPECTED.has(name) && !/^(Cannot read|Cannot convert|.* is not a function|Invalid typed array length|Maximum call stack)/.test(error.message);
    return `${ours ? '' : 'unexpected '}${name}: ${error.message}`;
  }
}

/** A case the backends disagree on, or one that ended in an unexpected error. */
export interface Finding {
  readonly seed: number;
  readonly call: string;
  readonly outcomes: Record<string, string>;
}

/**
 * Runs the API cases, the file cases and the diversity cases of seeds [from, to) on every backend and returns the
 * findings (each backend's outcome) and the number of calls made.
 */
export async function fuzzRange(from: number, to: number, backends: readonly BackendName[] = backendInfo().available): Promise<{ calls: number; findings: Finding[] }> {
  const findings: Finding[] = [];
  let calls = 0;
  for (let seed = from; seed < to; seed++) {
    for (const c of seed % 10 === 9 ? [fuzzCase(seed), fileCase(seed)] : seed % 10 === 4 ? [fuzzCase(seed), diversityCase(seed)] : [fuzzCase(seed)]) {
      const outcomes: Record<string, string> = {};
      for (const b of backends) outcomes[b] = await outcome(() => c.run(b));
      calls += backends.length;
      const values = Object.values(outcomes);
      if (new Set(values).size > 1 || values.some((o) => o.startsWith('unexpected '))) findings.push({ seed, call: c.call, outcomes });
    }
  }
  return { calls, findings };
}
