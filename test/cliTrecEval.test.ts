import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './backends.js';
import { cli } from './support/cli.js';
import { FIXTURES, fixtureText } from './support/trecFiles.js';

/** Every trec_eval measure but rbp and rbp_resid (undefined behaviour in trec_eval: see the fixture README). */
const SUPPORTED = /^(?!rbp)/;

const CASES = [
  ['outputs/results.test__qrels.test__q_all_trec.txt', 'inputs/qrels.test', 'inputs/results.test'],
  ['outputs/results.test__qrels.test__q_c_all_trec.txt', 'inputs/qrels.test', 'inputs/results.test'],
  ['outputs/results.trunc__qrels.test__q_all_trec.txt', 'inputs/qrels.test', 'inputs/results.trunc'],
  ['outputs/results.trunc__qrels.test__q_c_all_trec.txt', 'inputs/qrels.test', 'inputs/results.trunc'],
  ['outputs/results-302.test__qrels-302.test__q_all_trec.txt', 'inputs/qrels-302.test', 'inputs/results-302.test'],
  ['outputs/results-302.test__qrels-302.test__q_c_all_trec.txt', 'inputs/qrels-302.test', 'inputs/results-302.test'],
  ['outputs/results.comment.test__qrels.comment.test__q_all_trec.txt.gz', 'inputs/qrels.comment.test.gz', 'inputs/results.comment.test.gz'],
  ['outputs/results.comment.test__qrels.comment.test__q_c_all_trec.txt.gz', 'inputs/qrels.comment.test.gz', 'inputs/results.comment.test.gz'],
  ['outputs/results.test__qrels.rel_level__q_all_trec.txt', 'inputs/qrels.rel_level', 'inputs/results.test'],
  ['outputs/results.test__qrels.rel_level__q_c_all_trec.txt', 'inputs/qrels.rel_level', 'inputs/results.test'],
  ['outputs/results.test__qrels.rel_level__q_l2_all_trec.txt', 'inputs/qrels.rel_level', 'inputs/results.test'],
  ['outputs/results.test__qrels.rel_level__q_c_l2_all_trec.txt', 'inputs/qrels.rel_level', 'inputs/results.test'],
  ['probes/tie.run__tie.qrels__probe.txt', 'probes/tie.qrels', 'probes/tie.run'],
  ['probes/exp.run__tie.qrels__probe.txt', 'probes/tie.qrels', 'probes/exp.run'],
  ['probes/neg.run__neg.qrels__probe_l1.txt', 'probes/neg.qrels', 'probes/neg.run'],
  ['probes/neg.run__neg.qrels__probe_l2.txt', 'probes/neg.qrels', 'probes/neg.run'],
  ['probes/zr.run__zr.qrels__probe.txt', 'probes/zr.qrels', 'probes/zr.run'],
  ['probes/r1.run__q1.qrels__q_official.txt', 'probes/q1.qrels', 'probes/r1.run'],
  ['probes/r1.run__q1.qrels__q_c_official.txt', 'probes/q1.qrels', 'probes/r1.run'],
  ['probes/rbpnorm.run__rbpnorm.qrels__probe.txt', 'probes/rbpnorm.qrels', 'probes/rbpnorm.run'],
] as const;

const path = (p: string): string => fileURLToPath(new URL(p, FIXTURES));

describe.each(BACKENDS)('tie-eval --ties trec against trec_eval 10.0 ($name backend)', ({ name }) => {
  it.each(CASES)('%s', async (out, qrels, run) => {
    const text = fixtureText(new URL(out, FIXTURES));
    const printed = text.split('\n').filter((l) => l !== '' && SUPPORTED.test(l.split('\t')[0]!.trim()));
    // a fixture that printed nothing we compare would make this case pass by comparing nothing
    expect(printed.length).toBeGreaterThan(0);
    const measures = [...new Set(printed.map((l) => l.split('\t')[0]!.trim()))];
    const flags = [...(out.includes('_c_') ? ['-c'] : []), ...(out.includes('_l2') ? ['-l2'] : [])];
    const r = await cli('--ties', 'trec', '-q', ...flags, '--backend', name, ...measures.flatMap((m) => ['-m', m]), path(qrels), path(run));
    expect(r.code, r.stderr).toBe(0);
    const ours = r.stdout.split('\n').filter((l) => l !== '');
    if (text.includes('\tall\t')) {
      // byte for byte: the same lines, the same layout, the same order
      expect(ours.join('\n')).toBe(printed.join('\n'));
    } else {
      // trec_eval 10.0 stopped (exit 4) after the queries it printed because a qrels query had no
      // results and -c was absent; tie-eval does not copy that: it evaluates the queries it has,
      // warns about the missing one and prints the mean. The printed queries must match.
      expect(r.stderr).toMatch(/quer(y|ies) of the qrels (has|have) no results and (is|are) left out of the mean/);
      const qids = new Set(printed.map((l) => l.split('\t')[1]));
      expect(ours.filter((l) => qids.has(l.split('\t')[1]))).toEqual(printed);
    }
  });
});
