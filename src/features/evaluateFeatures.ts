import type { BackendChoice, BackendName } from '../backends/backend.js';
import { prepare } from '../api/prepare.js';
import { InputError } from '../core/errors.js';
import { FileError } from '../io/fileError.js';
import { ExactSum } from '../core/exactSum.js';
import { addTerms, meanFromSum, summaryTerms, totalFromSum, type Terms } from '../core/means.js';
import type { LetorQuery } from '../io/forEachLetorQuery.js';
import { requestMeasures } from '../measures/expandNames.js';
import { readLetor } from '../runs/read.js';
import type { Source } from '../runs/source.js';
import type { TieMode } from '../ties/modes.js';
import { FeatureTies } from './featureTies.js';
import { grown, room } from '../util/grown.js';

/** The measures `evaluateFeatures` takes when none are given. */
export const FEATURE_MEASURES: readonly string[] = ['nDCG@10', 'AP'];

/** Options of `evaluateFeatures`. */
export interface FeaturesOptions {
  /**
   * measure names, ir_measures' or trec_eval's as the main command takes them (`P.5,10`,
   * `set_F.0.5`, `official`); default nDCG@10 and AP. The features are sorted by the first.
   * Results are keyed as the main command's JSON keys them (`P_5`).
   */
  readonly measures?: readonly string[];
  /**
   * `average` (default), `optimistic`, `pessimistic`, `input` (the file's row order breaks ties), or
   * `range`: the average plus the pessimistic and optimistic means. `trec` needs document ids, which a
   * LETOR file lacks.
   */
  readonly ties?: Exclude<TieMode, 'trec'> | 'range';
  /** a query-size file (one row count per line) grouping the rows of a file without `qid:` columns */
  readonly querySizes?: Source;
  /** also evaluate each feature negated (lower values first) and report the better direction */
  readonly bothDirections?: boolean;
  readonly backend?: BackendChoice;
  /** threads of each evaluation (native and wasm; default 1) */
  readonly threads?: number;
  /** the data's name in messages when it is not a path */
  readonly name?: string;
  /**
   * Rows gathered (in whole queries) before their features are evaluated, default 131,072: memory
   * holds about 8 bytes x rows x features for them. The values do not depend on it.
   */
  readonly blockRows?: number;
}

/** One feature as a scoring function. */
export interface FeatureResult {
  /** the feature's index in the file (from 1) */
  readonly feature: number;
  /** which values rank first: `higher` (the feature itself) or `lower` (negated, with bothDirections) */
  readonly direction: 'higher' | 'lower';
  /** the percentage of documents whose value equals their predecessor's in their query's ranking */
  readonly tiedPercent: number;
  /** the largest group of equal values in one query */
  readonly largestGroup: number;
  /**
   * per measure, its value over the queries in the tie mode (`average` for range), as the main
   * command's summary makes it: the mean; the sum for counts, the geometric mean for gm_map
   */
  readonly mean: Record<string, number>;
  /** with `ties: 'range'`: the pessimistic means */
  readonly pessimistic?: Record<string, number>;
  /** with `ties: 'range'`: the optimistic means */
  readonly optimistic?: Record<string, number>;
}

/** Every feature of a file, best first by the first measure. */
export interface FeaturesEvaluation {
  readonly queries: number;
  readonly documents: number;
  readonly measures: readonly string[];
  readonly ties: FeaturesOptions['ties'] & string;
  readonly backend: BackendName;
  readonly features: FeatureResult[];
}

/** Rows a block gathers before its features are evaluated (whole queries; a larger query makes a larger block). */
const BLOCK_ROWS = 1 << 17;
/** The most rows a block may be asked to gather: 2^24 (with 136 features, 18 GB). */
const MAX_BLOCK_ROWS = 1 << 24;
/** The values (rows x features) a block gathers at most, but for one query larger alone: 128 MB. */
const MAX_BLOCK_VALUES = 1 << 24;
/** The highest feature index evaluated (each feature is a column of every block). */
export const MAX_FEATURE = 1 << 20;

/**
 * Evaluates every feature of a learning-to-rank file (LETOR / SVMlight, see readLetor) as a scoring
 * function, higher values first: per feature, the mean of each measure over the queries and how
 * much its values tie. The file streams in blocks of whole queries; each block's judgements are
 * prepared once and every feature column evaluated against them. A feature absent from a query's
 * rows is 0 there, so all its documents tie.
 * @throws FileError for bad rows (see readLetor); MeasureNameError; InputError for a `trec` tie mode
 * @example
 * const { features } = await evaluateFeatures('train.txt', { measures: ['nDCG@10'] });
 * features[0].feature // the best single feature
 */
export async function evaluateFeatures(source: Source, options: FeaturesOptions = {}): Promise<FeaturesEvaluation> {
  const evaluator = new FeatureEvaluator(options);
  const name = options.name ?? (typeof source === 'string' ? source : 'data');
  const notes = await readLetor(
    source,
    (query) => {
      // the reader checked the rest; a feature index too high to evaluate is named by file and line
      if (query.features > MAX_FEATURE) throw new FileError(name, query.line, `query ${query.qid} has feature index ${query.features}, beyond the ${MAX_FEATURE} features evaluated (each is a column of every query)`);
      evaluator.add(query);
    },
    options,
  );
  return evaluator.result(notes.features);
}

/**
 * Evaluates every feature of learning-to-rank queries handed over one at a time (what
 * evaluateFeatures does with a file's queries; give it queries held in memory the same way).
 * @example
 * const evaluator = new FeatureEvaluator({ measures: ['P@1'] });
 * evaluator.add({ qid: '1', line: 0, rows: 2, labels: Float64Array.of(1, 0), features: 1, values: Float64Array.of(0, 5) });
 * evaluator.result().features[0].mean['P@1'] // 0: feature 1 ranks the relevant document second
 */
export class FeatureEvaluator {
  /** the results' keys, one per measure requested */
  private readonly measures: string[];
  /** the distinct measures evaluated, and where each key's values are among them */
  private readonly names: string[];
  private readonly nameOf: number[];
  private readonly ties: NonNullable<FeaturesOptions['ties']>;
  private readonly modes: TieMode[];
  private readonly terms: Terms[];
  private readonly summed: boolean[];
  private readonly directions: number[];
  private readonly options: FeaturesOptions;
  // per feature (from 0) present in some row: the terms of its means so far, at
  // (d * modes + m) * measures + k, less the all-0 feature's over the same blocks; summed
  // exactly, so that the blocks' order (the file's) gives the main command's means, and a
  // feature's mean is its sum plus `constant`'s (a feature absent from a block is 0 there)
  private readonly sums = new Map<number, ExactSum[]>();
  private readonly stride: number;
  // the terms of a feature every row lacks (all documents tied), per mode and measure: over every
  // block, and over the current one
  private readonly constant: ExactSum[];
  private readonly blockConstant: ExactSum[];
  private readonly tieCounts = new FeatureTies();
  private readonly block: Block;
  private readonly blockRows: number;
  /** the highest feature index seen */
  private width = 0;
  private queries = 0;
  private documents = 0;
  private backend: BackendName | undefined;

  /** @throws MeasureNameError; InputError for a text measure (runid, relstring), the `trec` tie mode or a bad blockRows */
  constructor(options: FeaturesOptions = {}) {
    this.options = options;
    const requests = requestMeasures(options.measures ?? FEATURE_MEASURES, 1);
    const text = requests.filter((r) => r.text !== undefined);
    if (text.length > 0) throw new InputError(`${text.map((r) => r.label).join(', ')}: text, not a number a feature can be ranked by (runid is the run's name, relstring each query's relevance string)`);
    this.measures = requests.map((r) => r.key);
    this.names = [...new Set(requests.map((r) => r.name))];
    this.nameOf = requests.map((r) => this.names.indexOf(r.name));
    this.summed = requests.map((r) => r.aggregate === 'sum');
    this.ties = options.ties ?? 'average';
    // a geometric mean's sd summary reads each query's average, which features do not keep
    const geometric = requests.filter((r) => r.aggregate === 'geometric').map((r) => r.label);
    if (this.ties === 'sd' && geometric.length > 0) throw new InputError(`features, ties 'sd': ${geometric.join(', ')} ${geometric.length > 1 ? 'have' : 'has'} no sd summary here (a geometric mean's: the main command gives it)`);
    this.terms = requests.map((r) => summaryTerms(r.aggregate === 'geometric', this.ties === 'sd'));
    if ((this.ties as string) === 'trec') throw new InputError("ties 'trec' needs document ids, which a learning-to-rank file does not have");
    this.modes = this.ties === 'range' ? ['average', 'pessimistic', 'optimistic'] : [this.ties];
    this.directions = options.bothDirections === true ? [1, -1] : [1];
    this.stride = this.directions.length * this.modes.length * this.measures.length;
    this.constant = Array.from({ length: this.modes.length * this.measures.length }, () => new ExactSum());
    this.blockConstant = this.constant.map(() => new ExactSum());
    this.blockRows = options.blockRows ?? BLOCK_ROWS;
    if (!Number.isInteger(this.blockRows) || this.blockRows < 1 || this.blockRows > MAX_BLOCK_ROWS) throw new InputError(`blockRows must be an integer from 1 to ${MAX_BLOCK_ROWS}, got ${String(options.blockRows)}`);
    // room for a few queries at first: a block grows as its rows need (see Block.reshape)
    this.block = new Block(Math.min(this.blockRows, 1024));
  }

  /** Adds one query (copied: its arrays may be reused after the call). */
  add(query: LetorQuery): void {
    checkQuery(query);
    // a block holds whole queries up to blockRows, and up to MAX_BLOCK_VALUES values (one larger query alone)
    const given = query.sparse === undefined ? query.features : Math.min(query.features, query.sparse.length);
    const limit = Math.max(1, Math.min(this.blockRows, Math.floor(MAX_BLOCK_VALUES / Math.max(1, this.block.present.length, given))));
    if (this.block.rows > 0 && this.block.rows + query.rows > limit) this.evaluateBlock();
    const start = this.block.rows;
    const features = this.block.add(query);
    this.tieCounts.query(query.rows);
    for (const f of features) this.tieCounts.count(f, this.block.column(f), start, start + query.rows);
    this.documents += query.rows;
    this.width = Math.max(this.width, query.features);
  }

  /**
   * The features' values over the queries added, best first by the first measure.
   * @param features the number of features (default: the highest index the queries had); one
   *   beyond them is 0 in every row
   */
  result(features = this.width): FeaturesEvaluation {
    this.evaluateBlock();
    const { measures, modes, directions, ties } = this;
    if (this.queries === 0) throw new InputError('no queries to evaluate');
    const main = modes.indexOf(ties === 'range' ? 'average' : ties);
    const meansOf = (sums: readonly number[], at: number): Record<string, number> => Object.fromEntries(measures.map((key, k) => [key, this.summed[k] ? totalFromSum(sums[at + k]!, this.terms[k]!) : meanFromSum(sums[at + k]!, this.queries, this.terms[k]!)]));
    // a feature absent from every row: the constant's values, one record shared by all of them
    const constant = this.constant.map((sum) => sum.value());
    const absent = { direction: 'higher' as const, mean: meansOf(constant, main * measures.length), ...(ties === 'range' ? { pessimistic: meansOf(constant, measures.length), optimistic: meansOf(constant, 2 * measures.length) } : {}) };
    const results: FeatureResult[] = [];
    for (let f = 0; f < features; f++) {
      const own = this.sums.get(f);
      if (own === undefined) {
        results.push({ feature: f + 1, ...this.tieCounts.of(f + 1), ...absent });
        continue;
      }
      const sums = own.map((sum, i) => sum.clone().addSum(this.constant[i % this.constant.length]!).value());
      // the better direction by the first measure (the feature itself when equal)
      const first = (d: number): number => sums[(d * modes.length + main) * measures.length]!;
      let best = 0;
      for (let d = 1; d < directions.length; d++) if (first(d) > first(best)) best = d;
      const at = (m: number): number => (best * modes.length + m) * measures.length;
      results.push({
        feature: f + 1,
        direction: directions[best]! > 0 ? 'higher' : 'lower',
        ...this.tieCounts.of(f + 1),
        mean: meansOf(sums, at(main)),
        ...(ties === 'range' ? { pessimistic: meansOf(sums, at(1)), optimistic: meansOf(sums, at(2)) } : {}),
      });
    }
    const name = measures[0]!;
    results.sort((a, b) => b.mean[name]! - a.mean[name]! || a.feature - b.feature);
    return { queries: this.queries, documents: this.documents, measures, ties, backend: this.backend!, features: results };
  }

  /** Evaluates the gathered queries: per tie mode, one prepared evaluator, every feature column present (and its negation) against it. */
  private evaluateBlock(): void {
    const { block, measures, names, nameOf, modes, directions, stride, terms, options } = this;
    if (block.queries === 0) return;
    const { labels, offsets } = block.judgements();
    const scratch = new Float64Array(block.rows);
    for (const sum of this.blockConstant) sum.clear();
    modes.forEach((mode, m) => {
      const evaluator = prepare(labels, offsets, names, { ties: mode, backend: options.backend, threads: options.threads });
      this.backend = evaluator.backend;
      const add = (sums: ExactSum[], at: number, scores: Float64Array): void => {
        const { perQuery } = evaluator.evaluate(scores);
        measures.forEach((_, k) => addTerms(sums[at + k]!, perQuery[names[nameOf[k]!]!]!, 0, block.queries, terms[k]!));
      };
      add(this.blockConstant, m * measures.length, scratch.fill(0));
      for (const f of block.present) {
        let sums = this.sums.get(f);
        if (sums === undefined) this.sums.set(f, (sums = Array.from({ length: stride }, () => new ExactSum())));
        const column = block.column(f);
        directions.forEach((sign, d) => {
          if (sign < 0) for (let i = 0; i < column.length; i++) scratch[i] = -column[i]!;
          const at = (d * modes.length + m) * measures.length;
          add(sums!, at, sign > 0 ? column : scratch);
          // this block's terms of the all-0 feature come back with the constant's total (see result)
          for (let k = 0; k < measures.length; k++) sums![at + k]!.addSum(this.blockConstant[m * measures.length + k]!, -1);
        });
      }
    });
    this.constant.forEach((sum, i) => sum.addSum(this.blockConstant[i]!));
    this.queries += block.queries;
    block.clear();
  }
}

/**
 * A query as FeatureEvaluator.add takes it (readLetor's shape), checked before it is copied.
 * @throws InputError naming the query and the rule
 */
function checkQuery(q: LetorQuery): void {
  const fail = (rule: string): never => {
    throw new InputError(`query ${q.qid}${q.line > 0 ? ` (line ${q.line})` : ''}: ${rule}`);
  };
  if (!Number.isInteger(q.rows) || q.rows < 1) fail(`rows must be a positive integer, got ${q.rows}`);
  if (q.labels.length !== q.rows) fail(`${q.labels.length} labels for ${q.rows} rows`);
  if (!Number.isInteger(q.features) || q.features < 0) fail(`features must be a non-negative integer, got ${q.features}`);
  if (q.features > MAX_FEATURE) fail(`feature index ${q.features} is beyond the ${MAX_FEATURE} features evaluated (each is a column of every query)`);
  const { sparse } = q;
  if (sparse === undefined) {
    if (q.values.length < q.rows * q.features) fail(`${q.values.length} values for ${q.rows} rows of ${q.features} features`);
    return;
  }
  if (!Number.isInteger(sparse.length) || sparse.length < 0 || sparse.length > sparse.rows.length || sparse.length > sparse.features.length || sparse.length > sparse.values.length) {
    fail(`the sparse entries' length ${sparse.length} does not fit their arrays`);
  }
  for (let e = 0; e < sparse.length; e++) {
    const row = sparse.rows[e]!;
    const feature = sparse.features[e]!;
    if (row < 0 || row >= q.rows) fail(`sparse entry ${e} is in row ${row}, outside rows 0 to ${q.rows - 1}`);
    if (feature < 1 || feature > q.features) fail(`sparse entry ${e} is feature ${feature}, outside features 1 to ${q.features}`);
  }
}

/**
 * Whole queries gathered for one evaluation: labels, offsets and a column for each feature
 * present in their rows (a feature no row of the block gives is 0 throughout: the constant's).
 */
class Block {
  queries = 0;
  rows = 0;
  /** the features (from 0) with a column, in column order */
  readonly present: number[] = [];
  /** each feature's column plus 1 (0: none), by feature index: 4 bytes an index, where a Map lookup per value cost 7% of a run */
  private columnOf = new Int32Array(0);
  /** whether feature f's column is the f-th for every column */
  private identity = true;
  /** the query that last wrote each column (to list a query's features once) */
  private writtenBy = new Int32Array(0);
  private capacity: number;
  private columns = 0;
  private labels: Float64Array;
  private offsets: number[] = [0];
  private values = new Float64Array(0);

  constructor(capacity: number) {
    this.capacity = capacity;
    this.labels = new Float64Array(capacity);
  }

  /** Adds a query's rows; returns the features (from 0) its rows give, each once. */
  add(query: LetorQuery): number[] {
    const rows = this.rows + query.rows;
    if (rows > this.capacity) this.reshape(Math.max(2 * this.capacity, rows), this.columns);
    this.labels.set(query.labels, this.rows);
    const given: number[] = [];
    this.columnOf = room(this.columnOf, query.features);
    const { sparse } = query;
    if (sparse === undefined) {
      for (let f = 0; f < query.features; f++) {
        const c = this.columnFor(f, given);
        this.values.set(query.values.subarray(f * query.rows, (f + 1) * query.rows), c * this.capacity + this.rows);
      }
    } else if (this.identity && this.present.length >= query.features) {
      // the usual file: every feature has its column, feature f's the f-th (and a column this
      // query gives no value is 0 throughout it, all tied, as its tie count then says)
      const { values, capacity } = this;
      const at = this.rows - capacity;
      for (let e = 0; e < sparse.length; e++) values[sparse.features[e]! * capacity + at + sparse.rows[e]!] = sparse.values[e]!;
      for (let f = 0; f < query.features; f++) given.push(f);
    } else {
      // the columns are 0 where the block starts (see clear): write the values the rows give
      for (let e = 0; e < sparse.length; e++) {
        const f = sparse.features[e]! - 1;
        // a column this query wrote already (most entries) without the call
        let c = this.columnOf[f]! - 1;
        if (c < 0 || this.writtenBy[c] !== this.queries) c = this.columnFor(f, given);
        this.values[c * this.capacity + this.rows + sparse.rows[e]!] = sparse.values[e]!;
      }
    }
    this.rows = rows;
    this.queries++;
    this.offsets.push(rows);
    return given;
  }

  /** Feature f's column (a new one at its first value in the block; it may move the values), listed in `given` at the query's first value. */
  private columnFor(f: number, given: number[]): number {
    let c = this.columnOf[f]! - 1;
    if (c < 0) {
      c = this.present.length;
      if (c === this.columns) this.reshape(this.capacity, Math.max(8, 2 * this.columns));
      this.columnOf[f] = c + 1;
      this.present.push(f);
      this.identity &&= f === c;
      this.writtenBy[c] = -1;
    }
    if (this.writtenBy[c] !== this.queries) {
      this.writtenBy[c] = this.queries;
      given.push(f);
    }
    return c;
  }

  /** Feature f's (from 0, present) scores over the block's rows. */
  column(f: number): Float64Array {
    const c = this.columnOf[f]! - 1;
    return this.values.subarray(c * this.capacity, c * this.capacity + this.rows);
  }

  judgements(): { labels: Float64Array; offsets: Uint32Array } {
    return { labels: this.labels.subarray(0, this.rows), offsets: Uint32Array.from(this.offsets) };
  }

  clear(): void {
    // the next block's columns start at 0 (see add)
    this.values.fill(0, 0, this.present.length * this.capacity);
    this.queries = 0;
    this.rows = 0;
    this.offsets = [0];
    for (const f of this.present) this.columnOf[f] = 0;
    this.present.length = 0;
    this.identity = true;
  }

  /** Grows the rows or the columns, keeping their values; new rows and columns are 0. */
  private reshape(capacity: number, columns: number): void {
    const values = new Float64Array(capacity * columns);
    // whole columns: the query being added may have written past `rows`
    for (let c = 0; c < this.present.length; c++) values.set(this.values.subarray(c * this.capacity, (c + 1) * this.capacity), c * capacity);
    if (capacity > this.capacity) {
      const labels = new Float64Array(capacity);
      labels.set(this.labels.subarray(0, this.rows));
      this.labels = labels;
    }
    this.writtenBy = grown(this.writtenBy, columns);
    this.values = values;
    this.capacity = capacity;
    this.columns = columns;
  }
}
