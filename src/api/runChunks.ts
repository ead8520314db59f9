import { resolveBackend } from '../backends/facade.js';
import type { Backend } from '../backends/backend.js';
import { Status } from '../core/status.js';
import type { Plan } from '../measures/plan.js';
import { TREC, tieModeCode, type TieMode } from '../ties/modes.js';
import { optionsPlan } from './optionsPlan.js';
import { threadCount } from './threadCount.js';
import { modeResult, needsAverages } from './evaluateModes.js';
import { estimateRefused } from '../estimate/estimateRefused.js';
import type { BatchResult, EvaluateOptions } from './types.js';
import { booleanOption } from './booleanOption.js';

/** A chunk is started once its queries hold about this many documents. */
const CHUNK_ENTRIES = 1 << 16;

/** The flat arrays of a run as evaluateRun fills them: per document its score, label, tie key; per judgement its label. */
export interface RunArrays {
  scores: Float64Array;
  labels: Int32Array;
  ideal: Int32Array;
  keys: Int32Array;
}

/** A started chunk: its first query, its query count, its output, and the wait for it. */
interface Chunk {
  readonly first: number;
  readonly count: number;
  readonly out: Float64Array;
  join: (() => number) | null;
}

/**
 * A run's queries evaluated chunk by chunk on the addon's threads while evaluateRun reads the
 * next ones, so the kernels run beside the reading instead of after it. Only where the backend
 * can start a batch and go on (native) with more than one thread; the values are the kernels'
 * on each query, as in one batch. Anything that would make the batch fail (measures, options,
 * a value the kernels refuse) turns the chunks off: evaluateRun then evaluates the whole batch
 * at the end, which reports the error as it always has, after every reading error.
 */
export class RunChunks {
  private readonly chunks: Chunk[] = [];
  private next = 0;
  private failed = false;

  private constructor(
    private readonly plan: Plan,
    private readonly mode: TieMode,
    private readonly code: number,
    private readonly backend: Backend,
    private readonly threads: number,
    private readonly options: EvaluateOptions,
  ) {}

  /** Chunks for evaluateRun's measures and options, or null where they do not serve (see the class). */
  static open(measures: readonly string[], mode: TieMode, options: EvaluateOptions, threads: unknown): RunChunks | null {
    try {
      const count = threadCount(threads);
      const backend = resolveBackend(options.backend);
      if (count < 2 || backend.startBatch === undefined) return null;
      const plan = optionsPlan(measures, options);
      // a geometric mean's sd summary reads the averages too: evaluateModes gives both
      if (needsAverages(plan, [mode])) return null;
      return new RunChunks(plan, mode, tieModeCode(mode), backend, count, options);
    } catch {
      // evaluateModes reports it after the reading
      return null;
    }
  }

  /**
   * Called after each query read (`read` queries so far): once the queries since the last
   * chunk hold CHUNK_ENTRIES documents, waits for the last chunk and starts them as the next.
   */
  add(arrays: RunArrays, offsets: Uint32Array, idealOffsets: Uint32Array, read: number): void {
    if (this.failed || offsets[read]! - offsets[this.next]! < CHUNK_ENTRIES) return;
    this.wait();
    if (!this.failed) this.start(arrays, offsets, idealOffsets, read);
  }

  /**
   * The batch's values once all `queries` are read: the queries since the last chunk evaluated
   * (every thread), the chunks' values gathered; null when no chunk was started or one failed
   * (the caller evaluates the whole batch).
   */
  finish(arrays: RunArrays, offsets: Uint32Array, idealOffsets: Uint32Array, queries: number, describeQuery: (q: number) => string): BatchResult | null {
    if (this.chunks.length === 0) return null;
    this.wait();
    if (!this.failed && this.next < queries) {
      this.start(arrays, offsets, idealOffsets, queries);
      this.wait();
    }
    if (this.failed) return null;
    const rows = this.plan.measures.length;
    const out = new Float64Array(rows * queries);
    for (const { first, count, out: part } of this.chunks) {
      for (let row = 0; row < rows; row++) out.set(part.subarray(row * count, (row + 1) * count), row * queries + first);
    }
    const entries = offsets[queries]!;
    const batch = { scores: arrays.scores.subarray(0, entries), labels: arrays.labels.subarray(0, entries), offsets: offsets.subarray(0, queries + 1), ideal: arrays.ideal.subarray(0, idealOffsets[queries]!), idealOffsets: idealOffsets.subarray(0, queries + 1), relevant: null, describeQuery };
    const estimated = estimateRefused(batch, this.plan, this.code, out, this.options.backend, this.threads, booleanOption(this.options.exact, 'exact'));
    return modeResult(this.plan, this.mode, out, queries, this.backend.name, true, estimated, null);
  }

  /** Starts queries [next, last) on the backend's threads. */
  private start(arrays: RunArrays, offsets: Uint32Array, idealOffsets: Uint32Array, last: number): void {
    const first = this.next;
    const from = offsets[first]!;
    const to = offsets[last]!;
    const judged = {
      labels: arrays.labels.subarray(from, to),
      offsets: rebased(offsets, first, last),
      ideal: arrays.ideal.subarray(idealOffsets[first]!, idealOffsets[last]!),
      idealOffsets: rebased(idealOffsets, first, last),
      relevant: null,
    };
    const out = new Float64Array(this.plan.measures.length * (last - first));
    const join = this.backend.startBatch!(judged, this.plan, arrays.scores.subarray(from, to), this.code === TREC ? arrays.keys.subarray(from, to) : null, this.code, out, this.threads);
    this.chunks.push({ first, count: last - first, out, join });
    this.next = last;
  }

  /** Waits for the last chunk started, if any (the caller's arrays are free after it); a status other than OK turns the chunks off. */
  wait(): void {
    const last = this.chunks[this.chunks.length - 1];
    if (last?.join == null) return;
    const code = last.join();
    last.join = null;
    if (code !== Status.OK) this.failed = true;
  }
}

/** offsets[first .. last] less offsets[first]: a chunk's own offsets from 0. */
function rebased(offsets: Uint32Array, first: number, last: number): Uint32Array {
  const own = offsets.slice(first, last + 1);
  const base = own[0]!;
  for (let i = 0; i < own.length; i++) own[i]! -= base;
  return own;
}
