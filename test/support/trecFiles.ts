import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * A test-only reader of the trec_eval fixtures (test/fixtures/trec_eval, its README says how they
 * were made): whitespace separated fields, `#` comment lines skipped, gzip unpacked. The real
 * streaming reader belongs to the CLI.
 */
export const FIXTURES = new URL('../fixtures/trec_eval/', import.meta.url);

/** A fixture's text, unpacked when it is gzipped (by its magic bytes). */
export function fixtureText(path: URL): string {
  const bytes = readFileSync(path);
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
}

export type Qrels = Map<string, Map<string, number>>;
export type Run = Map<string, { doc: string; score: number }[]>;

function lines(path: URL): string[][] {
  return fixtureText(path)
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
  for (const line of fixtureText(path).split('\n')) {
    const [measure, qid, value] = line.split('\t');
    if (value === undefined) continue;
    const name = measure!.trim();
    if (!out.has(name)) out.set(name, new Map());
    out.get(name)!.set(qid!, value);
  }
  return out;
}
