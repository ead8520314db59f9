import type { Backend } from './backend.js';
import { checkScores } from './checkArgs.js';
import { checkDiversity } from './checkDiversity.js';
import { wasmDiversity } from './wasmDiversity.js';
import { Status } from '../core/status.js';
import { WasmBatch } from './wasmBatch.js';
import type { WasmMemory } from './wasmMemory.js';

/** The WASM backend over an instance of the module and its memory (see loadBackends for Node, ready for a browser). */
export function wasmBackend(memory: WasmMemory): Backend {
  return {
    name: 'wasm',
    prepare(judged, plan, threads = 1) {
      const batch = new WasmBatch(memory, judged, plan, threads);
      batch.run([batch.stepZero]);
      batch.keepConstants();
      return {
        status: batch.status,
        evaluate(scores, tieKeys, mode, out) {
          checkScores(scores, judged.labels.length, judged.offsets.length - 1, plan, tieKeys, mode, out);
          batch.claim();
          batch.placeScores(scores, tieKeys, false);
          const code = batch.parts === 1 ? batch.evaluate(mode) : batch.run([batch.evaluateStep(mode)]);
          batch.copyOut(out);
          return code;
        },
      };
    },
    diversity(batch, out) {
      checkDiversity(batch, out);
      wasmDiversity(memory, batch, out);
    },
    // step 0 and steps 1-3 of a batch evaluated once, chunk by chunk on each thread (as the addon's evaluateBatch)
    evaluateBatch(judged, plan, scores, tieKeys, mode, out, threads) {
      checkScores(scores, judged.labels.length, judged.offsets.length - 1, plan, tieKeys, mode, out);
      const batch = new WasmBatch(memory, judged, plan, threads);
      batch.placeScores(scores, tieKeys, true);
      const code = batch.run([batch.stepZero, batch.evaluateStep(mode)]);
      if (code === Status.OK) batch.copyOut(out);
      return code;
    },
  };
}
