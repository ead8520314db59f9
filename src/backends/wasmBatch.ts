import { labelSuffix } from '../core/labels.js';
import { Status } from '../core/status.js';
import { G_STATES_MAX, PlanFlag } from '../measures/codes.js';
import type { Plan } from '../measures/plan.js';
import type { JudgedBatch } from './backend.js';
import { checkJudged } from './checkArgs.js';
import { CHUNK_ENTRIES, partsOf } from './queryParts.js';
import { layoutBatch, layoutScores, type BatchLayout, type ScoresLayout } from './wasmLayout.js';
import { KERNELS, type WasmMemory } from './wasmMemory.js';
import type { ThreadJob } from './wasmThreads.js';

/** A kernel over all of a batch's queries: its export, the argument that takes a chunk's first query (the next its last), its arguments. */
export interface Step {
  readonly name: string;
  readonly firstSlot: number;
  readonly args: number[];
}

/** The argument of each kernel that takes a chunk's first query. */
const FIRST_SLOT = { prepare: 2, evaluate: 4 } as const;

function longest(offsets: Uint32Array): number {
  let max = 0;
  for (let q = 0; q + 1 < offsets.length; q++) max = Math.max(max, offsets[q + 1]! - offsets[q]!);
  return max;
}

/**
 * A batch's judgements placed in the module's memory (see layoutBatch), and the kernels run
 * over them. The batch owns the memory until another one is placed; `claim` copies its resident
 * arrays back in when another batch used the memory since.
 */
export class WasmBatch {
  /** [code, query, position] of the last run */
  readonly status = new Int32Array(3);
  /** threads the batch is shared among (1: the calling thread alone) */
  readonly parts: number;
  readonly stepZero: Step;
  private readonly layout: BatchLayout;
  private readonly token = {};
  private readonly queries: number;
  private readonly capacity: number;
  /** ideal labels the scratch makes room for: none once step 0 is done */
  private ideals: number;
  /** G's states the scratch makes room for (0 without G) */
  private readonly states: number;
  private readonly chunk: number;
  private readonly evaluateName: string;
  /** step 0's constants, kept by a prepared batch for a later claim */
  private constants: Float64Array | null = null;
  private scores: ScoresLayout = { scores: 0, tieKeys: 0, out: 0, end: 0 };
  private placedKeyBytes = 0;

  constructor(
    private readonly memory: WasmMemory,
    private readonly judged: JudgedBatch,
    private readonly plan: Plan,
    threads: number,
  ) {
    checkJudged(judged, plan);
    const { labels, offsets, ideal, idealOffsets, relevant } = judged;
    const queries = offsets.length - 1;
    const entries = offsets[queries]!;
    this.queries = queries;
    this.capacity = longest(offsets);
    this.ideals = longest(idealOffsets);
    // G's states, when the plan has G (the only measure that orders every query)
    this.states = (plan.flags & PlanFlag.NEEDS_ORDER) !== 0 ? G_STATES_MAX : 0;
    // the threads: the calling one and helpers, as many as the batch is worth
    const wanted = partsOf(queries, entries, threads);
    this.parts = wanted > 1 && memory.threads !== null ? 1 + memory.threads.reserve(wanted - 1) : 1;
    this.chunk = Math.max(1, Math.floor((queries * CHUNK_ENTRIES) / Math.max(1, entries)));
    const sameIdeal = ideal === labels && idealOffsets === offsets;
    this.layout = layoutBatch({
      heapBase: memory.exports.heapBase(),
      scratchBytes: memory.exports.scratchBytes(this.capacity, plan.thresholds.length, plan.gainType.length, plan.measures.length, this.ideals, this.states),
      parts: this.parts,
      planBytes: plan.packed.byteLength,
      offsetsBytes: offsets.byteLength,
      labelsBytes: labels.byteLength,
      constantsBytes: queries * plan.constantsPerQuery * 8,
      sameIdeal,
      idealBytes: ideal.byteLength,
      idealOffsetsBytes: idealOffsets.byteLength,
      relevantBytes: relevant === null ? 0 : relevant.byteLength,
    });
    this.upload();
    const l = this.layout;
    memory.reserve(l.stepZeroEnd);
    if (!sameIdeal) {
      memory.copyIn(ideal, l.ideal);
      memory.copyIn(idealOffsets, l.idealOffsets);
    }
    if (relevant !== null) memory.copyIn(relevant, l.relevant);
    this.stepZero = {
      name: `prepareQueries${labelSuffix(labels)}${labelSuffix(ideal)}`,
      firstSlot: FIRST_SLOT.prepare,
      args: [l.labels, l.offsets, 0, queries, l.ideal, l.idealOffsets, relevant === null ? 0 : l.relevant, l.plan, l.constants, l.status],
    };
    this.evaluateName = `evaluateQueries${labelSuffix(labels)}`;
  }

  /** Copies the resident arrays in and lays out the calling thread's scratch: the batch owns the memory. */
  private upload(): void {
    const { memory, layout: l, plan, judged } = this;
    memory.owner = this.token;
    memory.reserve(l.residentEnd);
    memory.uploads++;
    memory.exports.layoutScratch(l.base, this.capacity, plan.thresholds.length, plan.gainType.length, plan.measures.length, this.ideals, this.states, 1);
    memory.copyIn(plan.packed, l.plan);
    memory.copyIn(judged.offsets, l.offsets);
    memory.copyIn(judged.labels, l.labels);
    if (this.constants !== null) memory.copyIn(this.constants, l.constants);
  }

  /** Copies the batch back in when another batch used the memory since (without step 0's ideal labels, no longer needed). */
  claim(): void {
    if (this.memory.owner === this.token) return;
    // the discount table still reaches the ideal rankings' ends for G, ndcg_rel and Rndcg
    if (!this.plan.measures.some((m) => m.measure.constant === 'idealLevels')) this.ideals = 0;
    this.upload();
  }

  /** Places scores (and tie keys) past the resident arrays, and past step 0's arrays when `withStepZero` (they run in one job). */
  placeScores(scores: Float64Array, tieKeys: Int32Array | null, withStepZero: boolean): void {
    const l = this.layout;
    const from = withStepZero ? l.stepZeroEnd : l.residentEnd;
    const keyBytes = tieKeys === null ? 0 : tieKeys.byteLength;
    // the same arrays as the call before (a prepared evaluator's every call): the same places, and no new object
    if (from !== this.scores.scores || keyBytes !== this.placedKeyBytes || this.scores.end === 0) {
      this.scores = layoutScores(from, scores.byteLength, keyBytes, this.queries * this.plan.measures.length * 8);
      this.placedKeyBytes = keyBytes;
    }
    this.memory.reserve(this.scores.end);
    this.memory.f64.set(scores, this.scores.scores / 8);
    if (tieKeys !== null) this.memory.copyIn(tieKeys, this.scores.tieKeys);
  }

  /** Steps 1-3 over the placed scores, as a step for `run`. */
  evaluateStep(mode: number): Step {
    const l = this.layout;
    const s = this.scores;
    return { name: this.evaluateName, firstSlot: FIRST_SLOT.evaluate, args: [s.scores, l.labels, l.offsets, this.queries, 0, this.queries, s.tieKeys, mode, l.plan, l.constants, s.out, l.status] };
  }

  /** Steps 1-3 over the placed scores on the calling thread, all queries, allocating nothing; returns the status code. */
  evaluate(mode: number): number {
    const l = this.layout;
    const s = this.scores;
    this.memory.kernel(this.evaluateName)(s.scores, l.labels, l.offsets, this.queries, 0, this.queries, s.tieKeys, mode, l.plan, l.constants, s.out, l.status);
    return this.readStatus();
  }

  /** Runs the steps over the queries, chunk by chunk on the batch's threads (each chunk through every step); writes and returns the status. */
  run(steps: readonly Step[]): number {
    const { memory, layout: l, status } = this;
    if (this.parts === 1) {
      for (const step of steps) if (memory.kernel(step.name)(...step.args) !== Status.OK) break;
      return this.readStatus();
    }
    const helpers = Array.from({ length: this.parts - 1 }, (_, t) => t + 1);
    const job: ThreadJob = {
      steps: steps.map((step) => ({ kernel: KERNELS.indexOf(step.name), firstSlot: step.firstSlot, args: step.args })),
      queries: this.queries,
      chunk: this.chunk,
      upload: memory.uploads,
      scratch: helpers.map((t) => [l.base + t * l.scratchBytes, this.capacity, this.plan.thresholds.length, this.plan.gainType.length, this.plan.measures.length, this.ideals, this.states]),
      status: helpers.map((t) => l.status + t * 16),
    };
    const failure = memory.threads!.run(this.parts - 1, job, { kernels: steps.map((step) => memory.kernel(step.name)), status: l.status });
    status.set(failure ?? [Status.OK, -1, -1]);
    return status[0]!;
  }

  /** Copies the values of the last steps 1-3 out. */
  copyOut(out: Float64Array): void {
    const f64 = this.memory.f64;
    for (let i = 0, at = this.scores.out / 8; i < out.length; i++) out[i] = f64[at + i]!;
  }

  /** Copies step 0's constants out, for a later claim to bring back. */
  keepConstants(): void {
    const at = this.layout.constants / 8;
    this.constants = this.memory.f64.slice(at, at + this.queries * this.plan.constantsPerQuery);
  }

  private readStatus(): number {
    const i32 = this.memory.i32;
    for (let i = 0; i < 3; i++) this.status[i] = i32[this.layout.status / 4 + i]!;
    return this.status[0]!;
  }
}
