import { TieCounter, type TieStats } from '../analysis/tieStats.js';
import { readRun } from './read.js';
import type { Source } from './source.js';

/**
 * Reads a run and counts its ties: lines, queries, documents whose score equals their
 * predecessor's (each query sorted by score descending, then rank), queries with a tie, the
 * largest tie group, lines whose score rises down a query, rank contradictions.
 * @param options `name`: the run's name in the result and in messages (default: its path, or a
 *   named source's name)
 * @throws FileError as readRun
 */
export async function tieStats(source: Source, options: { readonly name?: string } = {}): Promise<TieStats> {
  const counter = new TieCounter();
  await readRun(source, (q) => counter.add(q), { ...options, onRestart: () => counter.reset() });
  return counter.result(options.name ?? (typeof source === 'string' ? source : 'name' in source ? source.name : 'run'));
}
