import { loadAddon } from '../addon/addon.js';
import type { Plan } from '../measures/plan.js';
import type { Backend, JudgedBatch } from './backend.js';

/**
 * Loads the C++ addon synchronously. The addon reads the typed arrays in place and checks
 * every argument itself (a bad call throws TypeError or RangeError), so this glue adds none.
 * Throws when the addon was not built or does not load.
 */
export function loadNativeBackend(path?: string): Backend {
  const addon = loadAddon(path);
  // room for step 0's constants (the addon checks the offsets; a bad array gets none)
  const constantsFor = ({ offsets }: JudgedBatch, plan: Plan): Float64Array =>
    new Float64Array((offsets instanceof Uint32Array && offsets.length > 0 ? offsets.length - 1 : 0) * plan.constantsPerQuery);
  // evaluateBatch's status, which only its code is read of (returned): one array for every call, as
  // the addon moves a small new one out of V8's heap at each call that reads it
  const batchStatus = new Int32Array(3);
  return {
    name: 'native',
    prepare(judged, plan, threads = 1) {
      const { labels, offsets } = judged;
      const constants = constantsFor(judged, plan);
      const status = new Int32Array(3);
      addon.prepareQueries(labels, offsets, judged.ideal, judged.idealOffsets, judged.relevant, plan.packed, constants, status, threads);
      return {
        status,
        evaluate: (scores, tieKeys, mode, out) => addon.evaluateQueries(scores, labels, offsets, tieKeys, mode, plan.packed, constants, out, status, threads),
      };
    },
    diversity(b, out) {
      addon.diversity(b.rows, b.subtopics, b.subtopicCounts, b.rankingOffsets, b.ranking, b.groupOffsets, b.groupEnds, b.idealOffsets, b.ideal, b.maxRank, b.sumGroups, b.measures, b.discounts, out);
    },
    evaluateBatch(judged, plan, scores, tieKeys, mode, out, threads) {
      // step 0's constants stay in the addon, a slice at a time
      return addon.evaluateBatch(judged.labels, judged.offsets, judged.ideal, judged.idealOffsets, judged.relevant, plan.packed, null, batchStatus, threads, scores, tieKeys, mode, out);
    },
    startBatch(judged, plan, scores, tieKeys, mode, out, threads) {
      const status = new Int32Array(3);
      const started = addon.startBatch(judged.labels, judged.offsets, judged.ideal, judged.idealOffsets, judged.relevant, plan.packed, null, status, threads, scores, tieKeys, mode, out);
      if (!started) return () => status[0]!;
      // the job reads these until it is joined: named here, they stay reachable until then
      const held = [judged.labels, judged.ideal, judged.relevant, plan.packed, scores, tieKeys, out];
      return () => {
        const code = addon.joinBatch(status);
        held.length = 0;
        return code;
      };
    },
  };
}
