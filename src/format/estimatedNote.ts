import type { RunEvaluation } from '../runs/evaluateRunFile.js';

/**
 * What a user is told of the values estimated from sampled tie orderings (see EvaluateOptions.exact),
 * over every run and tie mode: how many, the largest standard error, and how many stopped at
 * their sample cap; '' when every value is exact.
 * @example estimatedNote([{ estimated: { average: [{ query: '1', measure: 'IPrec@0', standardError: 0.0012, samples: 27962, capped: true }] } }]) // '1 value estimated from sampled tie orderings (largest standard error 0.0012, 1 stopped at its sample cap)'
 */
export function estimatedNote(runs: readonly Pick<RunEvaluation, 'estimated'>[]): string {
  const all = runs.flatMap((run) => Object.values(run.estimated ?? {}).flat());
  if (all.length === 0) return '';
  // a loop, not Math.max(...): a run may hold more estimates than a call takes arguments
  const largest = all.reduce((most, e) => Math.max(most, e.standardError), 0);
  const capped = all.filter((e) => e.capped).length;
  return `${all.length} value${all.length > 1 ? 's' : ''} estimated from sampled tie orderings (largest standard error ${largest.toPrecision(2)}${capped > 0 ? `, ${capped} stopped at its sample cap` : ''})`;
}
