import type { BackendChoice, JudgedBatch } from '../backends/backend.js';
import { resolveBackend } from '../backends/facade.js';
import { InputError, statusError } from '../core/errors.js';
import { Status } from '../core/status.js';
import { PlanFlag } from '../measures/codes.js';
import { compilePlan, type Plan } from '../measures/plan.js';
import { AVERAGE, INPUT, SD } from '../ties/modes.js';
import { mixedSpans, nextOrdering, orderingCount, shuffleTies, tiedLabels, type TiedLabels } from '../ties/tiedLabels.js';
import { rng } from '../util/random.js';
import { ControlledMean } from './controlVariates.js';
import { compositionCount, type Crossing, crossesCut, crossingOf, forEachComposition, rowsPastCut } from './maxRankCut.js';
import { SampleMoments } from './sampleMoments.js';

/** A value the kernels had no exact form for within their budget, estimated from sampled tie orderings. */
export interface Estimate {
  /** the query's index in the batch */
  readonly query: number;
  /** the measure, as named */
  readonly measure: string;
  /** the estimate's standard error */
  readonly standardError: number;
  /** the orderings sampled */
  readonly samples: number;
  /** whether sampling stopped at its cap (SAMPLE_ROOM) with the standard error above ESTIMATE_TARGET */
  readonly capped: boolean;
}

/** Sampling stops once every estimated value of a query has a standard error at most this. */
export const ESTIMATE_TARGET = 1e-4;

/** The fewest orderings an estimate samples, so that its standard error is itself well estimated. */
const MIN_SAMPLES = 256;

/** The fewest orderings sampled even where they fill more than SAMPLE_ROOM documents. */
const MIN_SAMPLES_ANY = 16;

/** The most documents the sampled orderings of one query fill (about a second native): past it sampling stops, capped. */
export const SAMPLE_ROOM = 1 << 24;

/** A query whose orderings fill at most this many documents has them all evaluated: an exact value. */
const ENUMERATE_ROOM = 1 << 20;

/** About this many documents are evaluated per backend call. */
const CALL_ROOM = 1 << 16;

/** How far estimateRefused goes: ESTIMATE_TARGET, SAMPLE_ROOM and ENUMERATE_ROOM unless a test sets them. */
export interface EstimateLimits {
  readonly target: number;
  readonly sampleRoom: number;
  readonly enumerateRoom: number;
}

const LIMITS: EstimateLimits = { target: ESTIMATE_TARGET, sampleRoom: SAMPLE_ROOM, enumerateRoom: ENUMERATE_ROOM };

/** What estimateRefused reads of a batch: its judgements and scores, and how to name a query. */
export interface EstimatedBatch extends JudgedBatch {
  readonly scores: Float64Array;
  readonly describeQuery: (q: number) => string;
}

/** Whether the kernels may leave a value of `plan` NaN in `mode` (see mayRefuse): a caller in a loop skips estimateRefused otherwise. */
export function mayEstimate(plan: Plan, mode: number): boolean {
  return (plan.maxRank > 0 && (mode === AVERAGE || mode === SD)) || plan.measures.some((_, row) => mayRefuse(plan, row, mode));
}

/** Whether a row can be left NaN by the kernels in `mode`: a measure with a budget (MeasureEntry.budget) in average mode, any measure in sd mode. */
function mayRefuse(plan: Plan, row: number, mode: number): boolean {
  return mode === SD || (mode === AVERAGE && plan.measures[row]!.measure.budget !== undefined);
}

/**
 * Fills in the values the kernels left NaN (no exact form within their budget: interpolated
 * precision and G in large tie groups, a spread without a closed form) in `out` (measure `row`
 * of query q at out[row * Q + q], as the kernels write it). A query whose distinct orderings
 * are few has each evaluated (in `input` mode, as tieOrderings does): its value is exact. Else
 * orderings are sampled, uniformly and independently, from a generator seeded by the query's
 * tie groups, until each value's standard error is at most ESTIMATE_TARGET or the samples fill
 * SAMPLE_ROOM documents (see sampledOrderings): the same batch gives the same values on every
 * backend, path and thread count.
 * @param exact refuse instead: an InputError naming the query and the measure
 * @param limits the standard error sought and the rooms (tests sample small cases with them)
 * @returns the estimated values (exact ones are not listed), in query order
 */
export function estimateRefused(batch: EstimatedBatch, plan: Plan, mode: number, out: Float64Array, backend: BackendChoice | undefined, threads: number, exact: boolean, limits: EstimateLimits = LIMITS): Estimate[] {
  const estimates: Estimate[] = [];
  if (mode !== AVERAGE && mode !== SD) return estimates;
  const queries = batch.offsets.length - 1;
  const judgedOnly = (plan.flags & PlanFlag.JUDGED_ONLY) !== 0;
  const rowsOf = new Map<number, number[]>();
  // -M inside a tie group: the rows reading past it, for every such query (see maxRankCut)
  const past = plan.maxRank > 0 ? rowsPastCut(plan) : [];
  const crossings = new Map<number, { tied: TiedLabels; crossing: Crossing }>();
  if (past.length > 0) {
    for (let q = 0; q < queries; q++) {
      const start = batch.offsets[q]!;
      const n = batch.offsets[q + 1]! - start;
      if (n <= plan.maxRank || !crossesCut(batch.scores, start, n, plan.maxRank)) continue;
      const tied = tiedLabels(batch.scores, batch.labels, start, n, plan.maxRank);
      const crossing = crossingOf(tied, plan.maxRank);
      if (crossing === null) continue;
      crossings.set(q, { tied, crossing });
      rowsOf.set(q, past.slice());
    }
  }
  for (let row = 0; row < plan.measures.length; row++) {
    if (!mayRefuse(plan, row, mode)) continue;
    for (let q = 0; q < queries; q++) {
      if (!Number.isNaN(out[row * queries + q]!)) continue;
      const rows = rowsOf.get(q);
      if (rows === undefined) rowsOf.set(q, [row]);
      else if (!rows.includes(row)) rows.push(row);
    }
  }
  for (const q of [...rowsOf.keys()].sort((a, b) => a - b)) {
    const rows = rowsOf.get(q)!;
    const start = batch.offsets[q]!;
    const cut = crossings.get(q);
    const tied = cut?.tied ?? tiedLabels(batch.scores, batch.labels, start, batch.offsets[q + 1]! - start, plan.maxRank);
    const query: OneQuery = { batch, q, tied, judgedOnly, maxRank: plan.maxRank, backend, threads };
    // a group crossing -M: every composition of its part above the cut, where they are few
    const solved: (number | undefined)[] = rows.map(() => undefined);
    const compositions = cut === undefined ? 0 : compositionCount(cut.crossing, Math.floor(limits.enumerateRoom / plan.maxRank));
    if (cut !== undefined && compositions * plan.maxRank <= limits.enumerateRoom) {
      everyComposition(query, rows.map((row) => plan.measures[row]!.name), cut.crossing, compositions, mode).forEach((value, i) => (solved[i] = value));
    }
    // the others over the orderings: every one where they are few, else sampled
    const open = rows.filter((_, i) => solved[i] === undefined);
    if (open.length === 0) {
      rows.forEach((row, i) => (out[row * queries + q] = solved[i]!));
      continue;
    }
    const names = open.map((row) => plan.measures[row]!.name);
    const kept = tied.labels.length;
    const count = orderingCount(tied, Math.floor(limits.enumerateRoom / Math.max(kept, 1)));
    const enumerated = count * kept <= limits.enumerateRoom;
    if (exact && !enumerated) {
      throw new InputError(
        `${batch.describeQuery(q)}: ${names[0]!}'s exact ${mode === SD ? 'standard deviation' : 'average'} over the orderings of its tied documents is past its budget (a tie group of many relevant and many other documents${cut === undefined ? '' : ', or one crossing -M'}; see docs/measures.md, "Estimates"); without the exact option it is estimated from sampled orderings, with its standard error`,
        q,
      );
    }
    const values = enumerated ? everyOrdering(query, names, count, mode) : sampledOrderings(query, plan, open, mode, limits, cut !== undefined);
    rows.forEach((row, i) => {
      if (solved[i] !== undefined) out[row * queries + q] = solved[i]!;
    });
    open.forEach((row, i) => {
      out[row * queries + q] = values[i]!.value;
      if (!enumerated) estimates.push({ query: q, measure: names[i]!, ...values[i]!.estimate! });
    });
  }
  return estimates;
}

/** One query of a batch whose values are made from its orderings, and how to evaluate them. */
interface OneQuery {
  readonly batch: EstimatedBatch;
  readonly q: number;
  readonly tied: TiedLabels;
  readonly judgedOnly: boolean;
  /** the run's -M: the orderings are cut at it (tiedLabels kept the group crossing it whole) */
  readonly maxRank: number;
  readonly backend: BackendChoice | undefined;
  readonly threads: number;
}

/** A value made from orderings: exact (every ordering), or estimated with what Estimate says of it. */
interface OrderingsValue {
  readonly value: number;
  readonly estimate?: Omit<Estimate, 'query' | 'measure'>;
}

/** The measures' mean, or population sd, over every one of the query's `count` distinct orderings (each evaluated in `input` mode): exact. */
function everyOrdering(query: OneQuery, names: readonly string[], count: number, mode: number): OrderingsValue[] {
  const copies = new QueryCopies(query, names, undefined, count);
  const moments = names.map(() => new SampleMoments());
  const labels = query.tied.labels.slice();
  for (let done = 0; done < count; ) {
    const size = copies.fill((into) => {
      into.set(labels);
      nextOrdering(labels, query.tied.groupEnds);
    }, count - done);
    const values = copies.evaluate(size);
    moments.forEach((s, i) => {
      for (let k = 0; k < size; k++) s.add(values[i * size + k]!);
    });
    done += size;
  }
  return moments.map((s) => ({ value: mode === SD ? s.sd(false) : s.mean() }));
}

/**
 * The measures' mean, or sd, over the orderings of a query whose tie group crosses -M (see
 * maxRankCut): per composition of the group's part above the cut, a query of the groups above
 * and that part (its last group, ending at maxRank) evaluated in `average` (and `sd`) mode,
 * mixed by the compositions' chances: the mean of the means, and the sd from the mean of the
 * variances and the variance of the means. Exact; undefined for a measure whose value in a
 * composition is past the kernels' budget (the caller turns to the orderings for it).
 */
function everyComposition(query: OneQuery, names: readonly string[], crossing: Crossing, compositions: number, mode: number): (number | undefined)[] {
  const { tied } = query;
  const groups = tied.groupEnds.length;
  const scores = new Float64Array(tied.groupEnds[groups - 1]! - crossing.size + crossing.slots);
  for (let g = 0, begin = 0; g < groups; begin = tied.groupEnds[g]!, g++) scores.fill(groups - g, begin, Math.min(tied.groupEnds[g]!, scores.length));
  const copies = new QueryCopies(query, names, scores, compositions);
  const above = tied.labels.subarray(0, crossing.above);
  // each composition's chance, and per measure its average and sd there
  const chances: number[] = [];
  const averages: number[][] = names.map(() => []);
  const spreads: number[][] = names.map(() => []);
  const pending: Int32Array[] = [];
  const flush = (): void => {
    for (let done = 0; done < pending.length; ) {
      let k = 0;
      const size = copies.fill((into) => {
        into.set(above);
        into.set(pending[done + k++]!, above.length);
      }, pending.length - done);
      const average = copies.evaluateIn(size, AVERAGE).slice();
      const spread = mode === SD ? copies.evaluateIn(size, SD) : null;
      names.forEach((_, i) => {
        for (let c = 0; c < size; c++) {
          averages[i]!.push(average[i * size + c]!);
          spreads[i]!.push(spread === null ? 0 : spread[i * size + c]!);
        }
      });
      done += size;
    }
    pending.length = 0;
  };
  forEachComposition(crossing, (drawn, chance) => {
    pending.push(drawn.slice());
    chances.push(chance);
    if (pending.length >= 4096) flush();
  });
  flush();
  return names.map((_, i) => {
    if (averages[i]!.some((v, c) => Number.isNaN(v) || Number.isNaN(spreads[i]![c]!))) return undefined;
    let mean = 0;
    chances.forEach((p, c) => (mean += p * averages[i]![c]!));
    if (mode !== SD) return mean;
    let variance = 0;
    chances.forEach((p, c) => (variance += p * (spreads[i]![c]! ** 2 + (averages[i]![c]! - mean) ** 2)));
    return Math.sqrt(variance);
  });
}

/**
 * The measures of `rows` estimated from sampled orderings: an average by its sample mean less
 * its control variates' error (ControlledMean), a spread by the sample sd. The generator is
 * seeded by the ties alone and each measure stops by its own rule (at least MIN_SAMPLES, then
 * its standard error at most the target, or the room filled), so a value depends neither on the
 * backend nor on the other measures asked.
 */
function sampledOrderings(query: OneQuery, plan: Plan, rows: readonly number[], mode: number, limits: EstimateLimits, crossesCut: boolean): OrderingsValue[] {
  const names = rows.map((row) => plan.measures[row]!.name);
  // the average's controls, sampled beside the measures, their exact averages from the kernels
  // (not across -M: the kernels keep the group crossing it whole, see maxRankCut)
  const controls = rows.map((row) => (mode === AVERAGE && !crossesCut ? controlsOf(plan.measures[row]!) : []));
  const controlNames = [...new Set(controls.flat())];
  const exactControls = controlNames.length > 0 ? new QueryCopies(query, controlNames, undefined, 1).averages() : new Float64Array(0);
  const kept = query.tied.labels.length;
  // at least MIN_SAMPLES where they fit in the room, and never fewer than a few
  const most = Math.max(MIN_SAMPLES_ANY, Math.floor(limits.sampleRoom / Math.max(kept, 1)));
  const copies = new QueryCopies(query, [...names, ...controlNames], undefined, most);
  const at = controls.map((own) => own.map((name) => names.length + controlNames.indexOf(name)));
  const spreads = rows.map(() => new SampleMoments());
  const means = controls.map((own) => new ControlledMean(own.length));
  const result = (i: number): { value: number; error: number } => {
    if (mode === SD) return { value: spreads[i]!.sd(true), error: spreads[i]!.sdError() };
    const { mean, error } = means[i]!.result(Float64Array.from(controls[i]!, (name) => exactControls[controlNames.indexOf(name)]!));
    return { value: mean, error };
  };
  const next = rng(seedOf(query.tied, mode));
  const spans = mixedSpans(query.tied);
  const labels = query.tied.labels.slice();
  const open = rows.map(() => true);
  const own = new Float64Array(Math.max(0, ...controls.map((c) => c.length)));
  for (let m = 0; m < most && open.includes(true); ) {
    const size = copies.fill((into) => {
      shuffleTies(labels, spans, next);
      into.set(labels);
    }, most - m);
    const values = copies.evaluate(size);
    rows.forEach((_, i) => {
      if (!open[i]) return;
      for (let k = 0; k < size; k++) {
        if (mode === SD) spreads[i]!.add(values[i * size + k]!);
        else {
          at[i]!.forEach((c, j) => (own[j] = values[c * size + k]!));
          means[i]!.add(values[i * size + k]!, own);
        }
      }
    });
    m += size;
    rows.forEach((_, i) => {
      if (open[i] && m >= MIN_SAMPLES && result(i).error <= limits.target) open[i] = false;
    });
  }
  return rows.map((_, i) => {
    const { value, error } = result(i);
    return { value, estimate: { standardError: error, samples: mode === SD ? spreads[i]!.count : means[i]!.count, capped: open[i]! && error > limits.target } };
  });
}

/**
 * Orderings of one query as a batch of queries of their own (strictly falling scores, each its
 * labels in one ordering, the query's judgements each), evaluated in `input` mode with a plan
 * of the measures to estimate, cut at -M (the ranking was cut after the group crossing it,
 * tiedLabels); -J applies after that cut as before. With `scores`, copies of the same length
 * under those scores (compositions of a group crossing -M, see everyComposition), not cut.
 * `most`: the copies the caller will evaluate in all (room is made for no more).
 */
class QueryCopies {
  private readonly plan: Plan;
  private readonly kept: number;
  private readonly per: number;
  private readonly labels: Int32Array;
  private readonly scores: Float64Array;
  private readonly offsets: Uint32Array;
  private readonly ideal: JudgedBatch['ideal'];
  private readonly idealOffsets: Uint32Array;
  private readonly relevant: Float64Array | null;
  private readonly out: Float64Array;

  constructor(
    private readonly query: OneQuery,
    readonly names: readonly string[],
    scores?: Float64Array,
    most = Infinity,
  ) {
    const { batch, q, tied } = query;
    this.plan = compilePlan(names, { judgedOnly: query.judgedOnly, ...(scores === undefined && query.maxRank > 0 ? { maxRank: query.maxRank } : {}) });
    this.kept = scores?.length ?? tied.labels.length;
    // as many copies as a call takes, but no more than are needed (`most`): a query of few
    // compositions or orderings filled 65,536 documents' arrays for them
    this.per = Math.max(1, Math.min(most, Math.floor(CALL_ROOM / Math.max(this.kept, 1))));
    const per = this.per;
    this.labels = new Int32Array(per * this.kept);
    this.scores = new Float64Array(per * this.kept);
    for (let k = 0; k < per; k++) for (let j = 0; j < this.kept; j++) this.scores[k * this.kept + j] = scores?.[j] ?? this.kept - j;
    this.offsets = Uint32Array.from({ length: per + 1 }, (_, k) => k * this.kept);
    const from = batch.idealOffsets[q]!;
    const own = batch.ideal.subarray(from, batch.idealOffsets[q + 1]!);
    const ideal = new (own.constructor as new (n: number) => typeof own)(per * own.length);
    for (let k = 0; k < per; k++) ideal.set(own, k * own.length);
    this.ideal = ideal;
    this.idealOffsets = Uint32Array.from({ length: per + 1 }, (_, k) => k * own.length);
    this.relevant = batch.relevant === null ? null : new Float64Array(per).fill(batch.relevant[q]!);
    this.out = new Float64Array(names.length * per);
  }

  /** Writes up to `most` orderings (as many as a call takes) with `write`, one copy's labels each; returns how many. */
  fill(write: (into: Int32Array) => void, most: number): number {
    const size = Math.min(this.per, most);
    for (let k = 0; k < size; k++) write(this.labels.subarray(k * this.kept, (k + 1) * this.kept));
    return size;
  }

  /** Evaluates the first `size` copies in `input` mode: measure m of copy k at [m * size + k] (overwritten by the next call). */
  evaluate(size: number): Float64Array {
    return this.evaluateIn(size, INPUT);
  }

  /** The first `size` copies in `mode` under the copies' scores (see evaluate). */
  evaluateIn(size: number, mode: number): Float64Array {
    return this.run(size, this.scores.subarray(0, size * this.kept), mode);
  }

  /** The measures' exact averages over the orderings of the query's ties (its labels in their groups, `average` mode). */
  averages(): Float64Array {
    this.labels.set(this.query.tied.labels);
    const scores = new Float64Array(this.kept);
    const ends = this.query.tied.groupEnds;
    for (let g = 0, begin = 0; g < ends.length; begin = ends[g]!, g++) scores.fill(ends.length - g, begin, ends[g]);
    return this.run(1, scores, AVERAGE).slice();
  }

  private run(size: number, scores: Float64Array, mode: number): Float64Array {
    const judged: JudgedBatch = {
      labels: this.labels.subarray(0, size * this.kept),
      offsets: this.offsets.subarray(0, size + 1),
      ideal: this.ideal.subarray(0, this.idealOffsets[size]!),
      idealOffsets: this.idealOffsets.subarray(0, size + 1),
      relevant: this.relevant === null ? null : this.relevant.subarray(0, size),
    };
    const out = this.out.subarray(0, this.names.length * size);
    const { backend: choice, threads, batch, q } = this.query;
    const backend = resolveBackend(choice, scores.length);
    if (backend.evaluateBatch?.(judged, this.plan, scores, null, mode, out, threads) !== Status.OK) {
      const prepared = backend.prepare(judged, this.plan, threads);
      if (prepared.status[0] === Status.OK) prepared.evaluate(scores, null, mode, out);
      if (prepared.status[0] !== Status.OK) throw statusError(prepared.status, () => batch.describeQuery(q), () => '?', (row) => this.names[row]!);
    }
    return out;
  }
}

/** The controls of an average estimated by sampling (see ControlledMean, MeasureEntry.budget), at the measure's relevance level. */
function controlsOf(spec: Plan['measures'][number]): string[] {
  const rel = spec.rel > 1 ? `(rel=${spec.rel})` : '';
  return (spec.measure.budget?.controls ?? []).map((name) => `${name}${rel}`);
}

/** A 32-bit seed from a query's tie groups and the mode (FNV-1a): the same ties give the same samples. */
function seedOf(tied: TiedLabels, mode: number): number {
  let h = 0x811c9dc5;
  const mix = (x: number): void => {
    h = Math.imul(h ^ (x & 0xffff), 0x01000193);
    h = Math.imul(h ^ (x >>> 16), 0x01000193);
  };
  for (let i = 0; i < tied.labels.length; i++) mix(tied.labels[i]!);
  for (let g = 0; g < tied.groupEnds.length; g++) mix(tied.groupEnds[g]!);
  mix(mode);
  return h >>> 0;
}
