import { readFileSync } from 'node:fs';

/**
 * A test-only reader of the trec_eval fixtures (../shared/fixtures/trec_eval): whitespace
 * separated fields, `#` comment lines skipped. The real streaming reader belongs to the CLI.
 */
export const FIXTURES = new URL('../../../shared/fixtures/trec_eval/', import.meta.url);

export type Qrels = Map<string, Map<string, number>>;
export type Run = Map<string, { doc: string; score: number }[]>;

function lines(path: URL): string[][] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.trim().split(/\s+/));
}

export function readQrels(path: URL): Qrels {
  const qrels: Qrels = new Map();
  for (const [qid, , doc, label] of lines(path)) {
    if (!qrels.has(qid!)) qrels.set(qid!, new Map());
    qrels.get(qid!)!.set(doc!, Number(label));
  }
  return qrels;
}

export function readRun(path: URL): Run {
  const run: Run = new Map();
  for (const [qid, , doc, , score] of lines(path)) {
    if (!run.has(qid!)) run.set(qid!, []);
    run.get(qid!)!.push({ doc: doc!, score: Number(score) });
  }
  return run;
}

/** trec_eval's printed values: measure -> query id (or `all`) -> the printed text. */
export function readTrecOutput(path: URL): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [measure, qid, value] = line.split('\t');
    if (value === undefined) continue;
    const name = measure!.trim();
    if (!out.has(name)) out.set(name, new Map());
    out.get(name)!.set(qid!, value);
  }
  return out;
}
