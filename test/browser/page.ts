// The browser suite's page (bundled by test/browser.test.ts with the package's browser build
// options): it loads the shipped dist/browser.js as a plain ES module, and the same sources
// bundled into this page, evaluates what the test serves, and POSTs what it found to /report.
import * as bundled from '../../src/index.js';

type Api = typeof bundled;

/** A Float64Array's bytes as base64: JSON has no NaN, and the test compares to the bit. */
function bits(values: Float64Array): string {
  let text = '';
  for (const byte of new Uint8Array(values.buffer, values.byteOffset, values.byteLength)) text += String.fromCharCode(byte);
  return btoa(text);
}

const bytes = async (path: string): Promise<Uint8Array> => new Uint8Array(await (await fetch(path)).arrayBuffer());

/** `threads` for ready(), or its default. */
async function check(api: Api, threads?: number): Promise<Record<string, unknown>> {
  const before = api.backendInfo().selected;
  const info = await api.ready(threads === undefined ? {} : { threads });
  const again = await api.ready();
  const spec = (await (await fetch('/batch.json')).json()) as { scores: number[]; labels: number[]; offsets: number[]; docs: string[]; measures: string[]; modes: string[]; threads: number[] };
  const batch = { scores: Float64Array.from(spec.scores), labels: Int32Array.from(spec.labels), offsets: Uint32Array.from(spec.offsets), docs: spec.docs };
  const values: Record<string, string> = {};
  for (const ties of spec.modes) {
    for (const threads of spec.threads) {
      const result = api.evaluateBatch(batch, spec.measures, { ties: ties as bundled.TieMode, backend: 'wasm', threads });
      for (const m of spec.measures) values[`${ties}/${threads}/${m}`] = bits(result.perQuery[m]!);
    }
  }
  const prepared = api.prepare(batch.labels, batch.offsets, spec.measures, { backend: 'wasm', threads: spec.threads.at(-1)! });
  const preparedAp = bits(prepared.evaluate(batch.scores).perQuery[spec.measures[0]!]!);
  const modes: bundled.TieMode[] = ['pessimistic', 'average', 'optimistic'];
  const qrels = await bytes('/examples/qrels.txt');
  const runs = [{ name: 'run.txt', data: await bytes('/examples/run.txt') }, { name: 'run.txt.gz', data: await bytes('/run.txt.gz') }];
  const evaluation = await api.evaluateRuns(qrels, runs, { measures: ['official', 'nDCG@10', 'ERR@20'], ties: modes });
  const trec = api.formatTrec(evaluation.runs, evaluation.measures, modes, { perQuery: true, summary: true });
  let pathError = '';
  await api.readRun('run.txt', () => {}).catch((e: Error) => (pathError = e.message));
  return {
    before,
    selected: info.selected,
    available: info.available,
    errors: Object.fromEntries(Object.entries(info.errors).map(([k, e]) => [k, e?.message])),
    sameReady: again === info,
    wasmThreads: info.wasmThreads,
    isolated: (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true,
    selfCheck: api.selfCheck('wasm', 200),
    values,
    preparedAp,
    trec,
    pathError,
  };
}

async function main(): Promise<void> {
  let body: unknown;
  try {
    const shipped = (await import(String('/dist/browser.js'))) as Api;
    body = { shipped: await check(shipped, 4), bundled: await check(bundled), cores: (globalThis as unknown as { navigator: { hardwareConcurrency: number } }).navigator.hardwareConcurrency };
  } catch (e) {
    body = { error: (e as Error).stack ?? String(e) };
  }
  await fetch('/report', { method: 'POST', body: JSON.stringify(body) });
}

void main();
