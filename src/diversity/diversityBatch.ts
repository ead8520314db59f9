import type { DiversityBatch } from '../backends/backend.js';
import { DiversityCode } from '../measures/diversityNames.js';
import type { QueryJudgements } from './judgements.js';
import type { DiversityMeasure } from './measures.js';
import { room } from '../util/grown.js';

const CODES: Readonly<Record<DiversityMeasure['kind'], number>> = { 'ERR-IA': DiversityCode.ERR_IA, 'nERR-IA': DiversityCode.NERR_IA, 'alpha-DCG': DiversityCode.ALPHA_DCG, 'alpha-nDCG': DiversityCode.ALPHA_NDCG, NRBP: DiversityCode.NRBP, nNRBP: DiversityCode.NNRBP, 'MAP-IA': DiversityCode.MAP_IA, 'P-IA': DiversityCode.P_IA, strec: DiversityCode.STREC };

/** The measures as a batch takes them: a sum group per (alpha, beta) of the kinds with sums, each measure's code, cut-off and group, and the discounts. */
function packMeasures(measures: readonly DiversityMeasure[]): Pick<DiversityBatch, 'sumGroups' | 'measures' | 'discounts'> {
  const groups: { alpha: number; beta: number; depth: number; nrbp: boolean }[] = [];
  const packed = new Float64Array(3 * measures.length);
  measures.forEach((m, i) => {
    packed[3 * i] = CODES[m.kind];
    packed[3 * i + 1] = m.cutoff;
    if (m.kind === 'MAP-IA' || m.kind === 'P-IA' || m.kind === 'strec') return;
    let g = groups.findIndex((x) => x.alpha === m.alpha && x.beta === m.beta);
    if (g < 0) g = groups.push({ alpha: m.alpha, beta: m.beta, depth: 1, nrbp: false }) - 1;
    groups[g]!.depth = Math.max(groups[g]!.depth, m.cutoff);
    if (m.kind === 'NRBP' || m.kind === 'nNRBP') groups[g]!.nrbp = true;
    packed[3 * i + 2] = g;
  });
  const depth = Math.max(0, ...groups.map((g) => g.depth));
  return {
    sumGroups: Float64Array.from(groups.flatMap((g) => [g.alpha, g.beta, g.depth, g.nrbp ? 1 : 0])),
    measures: packed,
    discounts: Float64Array.from({ length: depth }, (_, i) => Math.log(2) / Math.log(i + 2)),
  };
}

/** An array filled as it grows, and how much of it is filled. */
class Filled<T extends Int32Array | Uint32Array> {
  length = 0;
  constructor(public array: T) {}

  push(x: number): void {
    this.array = room(this.array, this.length + 1);
    this.array[this.length++] = x;
  }

  /** The values filled, as an array of their own. */
  values(): T {
    return this.array.slice(0, this.length) as T;
  }
}

/**
 * Queries gathered into a DiversityBatch, one after another: each its judgements (its rows, given
 * once for consecutive queries of the same judgements), its ranking (rows of those judgements,
 * -1 for a document they lack) and its tie groups' ends.
 */
export class DiversityBatchBuilder {
  private readonly packed: Pick<DiversityBatch, 'sumGroups' | 'measures' | 'discounts'>;
  private rows = new Filled(new Uint32Array(64));
  private subtopics = new Filled(new Int32Array(64));
  private counts = new Filled(new Int32Array(16));
  private ranking = new Filled(new Int32Array(256));
  private rankingOffsets = new Filled(new Uint32Array(16));
  private groupEnds = new Filled(new Int32Array(256));
  private groupOffsets = new Filled(new Uint32Array(16));
  private ideal = new Filled(new Int32Array(64));
  private idealOffsets = new Filled(new Uint32Array(16));
  private last: QueryJudgements | null = null;
  private base = 0;

  constructor(
    measures: readonly DiversityMeasure[],
    private readonly maxRank: number,
  ) {
    this.packed = packMeasures(measures);
    this.clear();
  }

  /** Queries added since the last take. */
  get queries(): number {
    return this.counts.length;
  }

  /** Positions added since the last take. */
  get positions(): number {
    return this.ranking.length;
  }

  /** Adds a query: `ranking[i]`, the row in `judged` of the document at position i (-1: not judged); `groupEnds` as DiversityBatch's. */
  add(judged: QueryJudgements, ranking: ArrayLike<number>, groupEnds: ArrayLike<number>): void {
    if (judged !== this.last) {
      this.base = this.rows.length - 1;
      const offset = this.subtopics.length;
      for (let r = 1; r < judged.rows.length; r++) this.rows.push(offset + judged.rows[r]!);
      for (const j of judged.rowSubtopics) this.subtopics.push(j);
      this.last = judged;
    }
    this.counts.push(judged.subtopics);
    for (let i = 0; i < ranking.length; i++) this.ranking.push(ranking[i]! < 0 ? -1 : this.base + ranking[i]!);
    this.rankingOffsets.push(this.ranking.length);
    for (let g = 0; g < groupEnds.length; g++) this.groupEnds.push(groupEnds[g]!);
    this.groupOffsets.push(this.groupEnds.length);
    for (const row of judged.idealRows) this.ideal.push(this.base + row);
    this.idealOffsets.push(this.ideal.length);
  }

  /** The batch of the queries added, which are then forgotten. */
  take(): DiversityBatch {
    const batch: DiversityBatch = {
      rows: this.rows.values(),
      subtopics: this.subtopics.values(),
      subtopicCounts: this.counts.values(),
      rankingOffsets: this.rankingOffsets.values(),
      ranking: this.ranking.values(),
      groupOffsets: this.groupOffsets.values(),
      groupEnds: this.groupEnds.values(),
      idealOffsets: this.idealOffsets.values(),
      ideal: this.ideal.values(),
      maxRank: this.maxRank,
      ...this.packed,
    };
    this.clear();
    return batch;
  }

  /** No query: every offset list at its first 0. */
  private clear(): void {
    for (const filled of [this.rows, this.subtopics, this.counts, this.ranking, this.rankingOffsets, this.groupEnds, this.groupOffsets, this.ideal, this.idealOffsets]) filled.length = 0;
    for (const offsets of [this.rows, this.rankingOffsets, this.groupOffsets, this.idealOffsets]) offsets.push(0);
    this.last = null;
  }
}
