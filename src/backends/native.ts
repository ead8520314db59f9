import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Backend, KernelStatus } from './backend.js';

/** Where node-gyp (binding.gyp) builds the addon: <package>/build/Release/tie_eval.node. */
export const ADDON_PATH = new URL('../../build/Release/tie_eval.node', import.meta.url);

type Triple = [number, number, number];
interface Addon {
  prepareQueries(labels: unknown, offsets: unknown, ideal: unknown, idealOffsets: unknown, relevant: unknown, plan: unknown, constants: Float64Array): Triple;
  evaluateQueries(scores: unknown, labels: unknown, offsets: unknown, tieKeys: unknown, mode: unknown, plan: unknown, constants: Float64Array, out: unknown): Triple;
}

const status = ([code, query, position]: Triple): KernelStatus => ({ code, query, position });

/**
 * Loads the C++ addon synchronously. The addon reads the typed arrays in place and checks
 * every argument itself (a bad call throws TypeError or RangeError), so this glue adds none.
 * Throws when the addon was not built or does not load.
 */
export function loadNativeBackend(path: URL = ADDON_PATH): Backend {
  const addon = createRequire(import.meta.url)(fileURLToPath(path)) as Addon;
  return {
    name: 'native',
    prepare(judged, plan) {
      const { labels, offsets } = judged;
      const queries = offsets instanceof Uint32Array && offsets.length > 0 ? offsets.length - 1 : 0;
      const constants = new Float64Array(queries * plan.constantsPerQuery);
      const prepared = status(addon.prepareQueries(labels, offsets, judged.ideal, judged.idealOffsets, judged.relevant, plan.packed, constants));
      return {
        status: prepared,
        evaluate: (scores, tieKeys, mode, out) => status(addon.evaluateQueries(scores, labels, offsets, tieKeys, mode, plan.packed, constants, out)),
      };
    },
  };
}
