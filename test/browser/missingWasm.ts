// A page bundled as an application bundles the package, with no .wasm beside it: ready() must
// say so on the console, once, with the fix, and the reference must still answer.
import { backendInfo, evaluate, ready } from '../../src/index.js';

const warnings: string[] = [];
const warn = console.warn;
console.warn = (...args: unknown[]): void => {
  warnings.push(args.map(String).join(' '));
  warn(...args);
};
const report = async (): Promise<Record<string, unknown>> => {
  const first = await ready();
  await ready();
  const ap = evaluate({ scores: [2, 1, 1], labels: [0, 1, 0] }, ['AP']).AP;
  return { warnings, selected: first.selected, errors: Object.keys(first.errors), again: backendInfo().selected, ap };
};
report()
  .catch((e: unknown) => ({ error: String(e) }))
  .then((body) => fetch('/report', { method: 'POST', body: JSON.stringify(body) }));
