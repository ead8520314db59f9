import { backendInfo, type BackendName, type EvaluateOptions } from '../src/index.js';

/**
 * The backends every suite runs against, with the options that select each. CI sets
 * REQUIRE_BACKENDS=native,wasm so that a backend that failed to build fails the run instead
 * of being skipped.
 */
const info = backendInfo();
const required = (process.env.REQUIRE_BACKENDS ?? '').split(',').filter((x) => x !== '');
for (const name of required) {
  if (!info.available.includes(name as BackendName)) {
    throw new Error(`REQUIRE_BACKENDS names ${name}, which is not available: ${info.errors[name as BackendName]?.message ?? 'unknown backend'}`);
  }
}

/** With TIE_EVAL_BACKEND set (CI's second run), the suites run on that backend alone, through `auto`. */
const forced = process.env.TIE_EVAL_BACKEND;
export const BACKENDS: { name: BackendName; options: EvaluateOptions }[] =
  forced !== undefined && forced !== '' ? [{ name: info.selected, options: {} }] : info.available.map((name) => ({ name, options: { backend: name } }));

/** The compiled backends that loaded. */
export const COMPILED = BACKENDS.filter((b) => b.name !== 'js');

/** Why the tests of the addon itself skip: undefined where the native backend is among BACKENDS. */
export const NO_NATIVE = BACKENDS.some((b) => b.name === 'native')
  ? undefined
  : forced !== undefined && forced !== ''
    ? `TIE_EVAL_BACKEND=${forced}: the addon's own tests run where no backend is forced`
    : `the native backend did not load (${info.errors.native?.message ?? 'no addon'})`;
