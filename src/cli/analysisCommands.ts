import { OutputFile, writeOutput } from './writeOutput.js';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { bandScores } from '../analysis/band.js';
import type { Correction } from '../analysis/adjustPValues.js';
import { rangePlotsSvg, type RangePoint } from '../analysis/rangePlot.js';
import { tieStats } from '../runs/tieStats.js';
import { forEachRunQuery } from '../io/forEachRunQuery.js';
import type { TieMode } from '../ties/modes.js';
import { compareLegend, formatP, rangeCells, tieFlipLegend, tieStatsCells } from '../format/analysisRows.js';
import { table } from '../format/table.js';
import { RANGE_MODES, rangeMeans } from '../runs/rangeMeans.js';
import type { CliIo } from './io.js';
import { addRunOptions, evaluateFlags, positiveInteger, requireNumbers, sources, withSpread, type RunFlags } from './runOptions.js';
import type { RunsEvaluation } from '../runs/evaluateRuns.js';
import { toInput } from '../runs/source.js';
import { DEFAULT_MEASURES } from '../measures/expandNames.js';
import { counted } from '../util/counted.js';
import { summationOf } from '../core/means.js';

/** The most orderings of one query's ties compare lists for its exact chance that ties flip a pair. */
const ORDERINGS = 1000;
const formatOption = (): Option => new Option('--format <format>', 'output format').choices(['text', 'json']).default('text');
const outputOption = (what: string): Option => new Option('-o, --output <file>', `write the ${what} to a file instead of stdout (replaced only when the command succeeds)`);
const real = (text: string): number => {
  const x = Number(text);
  if (text.trim() === '' || !Number.isFinite(x)) throw new InvalidArgumentError(`'${text}' is not a number`);
  return x;
};
/** A significance level: a number strictly between 0 and 1. */
const share = (text: string): number => {
  const x = real(text);
  if (!(x > 0 && x < 1)) throw new InvalidArgumentError(`'${text}' is not between 0 and 1`);
  return x;
};
const write = (io: CliIo, output: string | undefined, text: string, inputs: readonly string[]): void => (output === undefined ? io.stdout(text) : writeOutput(output, text, inputs));

/**
 * The runs of range, compare and plot, evaluated in `modes` for their numeric measures (runid
 * and relstring, text, left out; none left is an error before any file is read).
 */
async function evaluateNumbers(command: string, io: CliIo, qrelsPath: string, runPaths: string[], flags: RunFlags, modes: readonly TieMode[], defaults: string[], orderings = 0): Promise<RunsEvaluation> {
  requireNumbers(flags.measure.length > 0 ? flags.measure : defaults, flags.l, command);
  const evaluation = await evaluateFlags(qrelsPath, runPaths, flags, modes, defaults, io, true, orderings);
  return { ...evaluation, measures: evaluation.measures.filter((m) => m.text === undefined) };
}

/** `tie-eval ties`, `range`, `band`, `compare`, `plot`: analyses of ties in runs. */
export function addAnalysisCommands(program: Command, io: CliIo): void {
  program
    .command('ties')
    .description('tie statistics of runs: tied documents, queries with ties, the largest tie group, rising scores, rank contradictions')
    .argument('<runs...>', 'runs')
    .addOption(formatOption())
    .addOption(outputOption('statistics'))
    .action(async (runPaths: string[], flags: { format: string; output?: string }) => {
      const stats = [];
      const runs = sources(runPaths, io.stdin);
      for (const run of runs) stats.push(await tieStats(run));
      if (flags.format === 'json') return write(io, flags.output, `${JSON.stringify(stats, null, 2)}\n`, runPaths);
      const header = ['run', 'lines', 'queries', 'tied', 'tied%', 'queries-with-ties', 'largest-group', 'rising-scores', 'rank-contradictions'];
      write(io, flags.output, `${table([header, ...stats.map(tieStatsCells)])}runs with ties: ${stats.filter((s) => s.tiedDocuments > 0).length} of ${stats.length}\n`, runPaths);
    });

  addRunOptions(program.command('range').description('per run and measure: pessimistic, average, trec and optimistic means, and the mean range').argument('<qrels>').argument('<runs...>'))
    .addOption(formatOption())
    .addOption(outputOption('table'))
    .action(async (qrelsPath: string, runPaths: string[], flags: RunFlags & { format: string; output?: string }) => {
      const { measures, runs } = await evaluateNumbers('range', io, qrelsPath, runPaths, flags, withSpread(flags, DEFAULT_MEASURES) ? [...RANGE_MODES, 'sd'] : RANGE_MODES, DEFAULT_MEASURES);
      const rows = runs.flatMap((run) =>
        measures.map((m) => {
          const r = rangeMeans(run, m.key);
          return { run: run.run, measure: m.key, ...r, range: r.optimistic - r.pessimistic };
        }),
      );
      const header = ['run', 'measure', 'pessimistic', 'average', 'trec', 'optimistic', 'range', 'sd'];
      const text = flags.format === 'json' ? `${JSON.stringify(rows, null, 2)}\n` : table([header, ...rows.map((r) => [r.run, r.measure, ...rangeCells(r)])]);
      write(io, flags.output, text, [qrelsPath, ...runPaths]);
    });

  program
    .command('band')
    .description('re-score each query into geometric bands: band g+1 starts at rank ceil(phi * start of band g), scores 1/g')
    .argument('<run>')
    .requiredOption('--phi <phi>', 'band growth, a number > 1 (2: bands 1, 2-3, 4-7, ...)', (v: string) => {
      const phi = real(v);
      if (!(phi > 1)) throw new InvalidArgumentError(`phi must be greater than 1, got ${v}`);
      return phi;
    })
    .addOption(new Option('--by <order>', 'the ranking to band: the file line order or the score order').choices(['file', 'score']).default('file'))
    .addOption(outputOption('banded run'))
    .action(async (runPath: string, flags: { phi: number; by: string; output?: string }) => {
      // to a file, each query is written as soon as it is banded (bounded memory), into a temporary
      // file that replaces the target only at the end (see OutputFile); if the run turns out not
      // grouped by query, the reader reads it again and the file starts over. To standard output,
      // which cannot start over (nor can a device or FIFO), the banded run is held until the end.
      // Bytes stay bytes (latin1 in, latin1 out).
      const [run] = sources([runPath], io.stdin);
      const file = flags.output === undefined ? null : new OutputFile(flags.output, [runPath]);
      const chunks: Buffer[] = [];
      let position = 0;
      let rereading = false;
      let runid: string | undefined;
      try {
        await forEachRunQuery(await toInput(run!, runPath), (q, notes) => {
          if (notes.ungrouped && !rereading) {
            // the second reading of a run not grouped by query: what the first wrote goes
            rereading = true;
            chunks.length = 0;
            position = 0;
            file?.truncate();
          }
          const order = Array.from(q.scores, (_, i) => i);
          // score order: score descending, then the rank field, then the file line
          if (flags.by === 'score') order.sort((a, b) => q.scores[b]! - q.scores[a]! || q.ranks[a]! - q.ranks[b]! || a - b);
          const scores = bandScores(order.length, flags.phi);
          // the run id is known from the first line on
          runid ??= `${Buffer.from(notes.runid, 'utf8').toString('latin1')}-phi${flags.phi}`;
          let text = '';
          order.forEach((i, r) => (text += `${q.qid} Q0 ${q.docs.text(i)} ${r + 1} ${scores[r]} ${runid}\n`));
          const bytes = Buffer.from(text, 'latin1');
          // held when what is written cannot start over (standard output, a device or FIFO)
          if (file === null || file.inPlace) chunks.push(bytes);
          else position += file.writeAt(bytes, position);
        });
        if (file?.inPlace === true) file.writeAt(Buffer.concat(chunks), 0);
        file?.commit();
      } catch (e) {
        file?.abort();
        throw e;
      }
      if (file === null) io.stdout(Buffer.concat(chunks));
    });

  addRunOptions(program.command('compare').description('significance of differences between runs: paired t-test, randomization test, wins/ties/losses, discrimination ratio, degradation test').argument('<qrels>').argument('<runs...>'), ['AP'])
    .addOption(new Option('--ties <mode>', 'tie regime of the values compared').choices(['average', 'optimistic', 'pessimistic', 'trec', 'input']).default('average'))
    .option('--alpha <alpha>', 'significance level of the discrimination ratio (0 < alpha < 1)', share, 0.05)
    .option('--permutations <n>', 'sign flips of the randomization test', positiveInteger, 10_000)
    .option('--seed <n>', 'seed of the randomization test', positiveInteger, 1)
    .option('--degradation <factor>', 'degradation test: one-tailed paired t-test of run b against factor x run a', real, 0.99)
    .option('--intersect', 'compare on the queries all runs share instead of refusing different query sets')
    .addOption(new Option('--correction <method>', 'multiple-comparison correction of the p-values (default: holm for more than two runs, else none)').choices(['holm', 'bonferroni', 'none']))
    .addOption(formatOption())
    .addOption(outputOption('comparison'))
    .action(async (qrelsPath: string, runPaths: string[], flags: RunFlags & { ties: TieMode; alpha: number; permutations: number; seed: number; degradation: number; intersect?: boolean; correction?: Correction; format: string; output?: string }) => {
      if (runPaths.length < 2) throw new Error(`compare needs at least two runs, got ${runPaths.length}`);
      // tie-averaged values also give each pair the chance that ties flip it, where every measure
      // has an sd: exact where each query has at most ORDERINGS orderings and their law stays small
      const spread = flags.ties === 'average' && withSpread(flags, ['AP']);
      const { measures, runs } = await evaluateNumbers('compare', io, qrelsPath, runPaths, flags, spread ? ['average', 'sd'] : [flags.ties], ['AP'], spread ? ORDERINGS : 0);
      // loaded here: the t distribution it needs is most of the command line's code, and other commands never read it
      const { compareRuns } = await import('../analysis/compare.js');
      const results = measures.map((m) => ({
        measure: m.key,
        ...compareRuns(
          runs.map((r) => ({ run: r.run, queries: r.queries, values: r.perQuery[flags.ties]![m.key]!, ...(spread ? { spreads: r.perQuery.sd![m.key]!, orderings: r.orderings![r.names.indexOf(m.name)]! } : {}) })),
          { aggregate: m.aggregate, summation: summationOf(flags.ties), alpha: flags.alpha, permutations: flags.permutations, seed: flags.seed, degradation: flags.degradation, intersect: flags.intersect === true, ...(flags.correction === undefined ? {} : { correction: flags.correction }) },
        ),
      }));
      const inputs = [qrelsPath, ...runPaths];
      // JSON has no infinity: an infinite t (equal nonzero differences) is written as the string "Infinity" or "-Infinity", not null
      if (flags.format === 'json') return write(io, flags.output, `${JSON.stringify(results, (_, v: unknown) => (typeof v === 'number' && Math.abs(v) === Infinity ? String(v) : v), 2)}\n`, inputs);
      const out: string[] = [];
      for (const r of results) {
        out.push(`${r.measure} over ${counted(r.queries, 'query', 'queries')} (ties: ${flags.ties})\n`);
        out.push(table([['run', 'mean'], ...r.means.map((m) => [m.run, m.mean.toFixed(4)])]));
        const corrected = r.correction === 'none' ? [] : [`t-test p ${r.correction}`, `randomization p ${r.correction}`];
        const header = ['a', 'b', 'a-b', 't', 't-test p', 'randomization p', ...corrected, 'wins/ties/losses', 'degradation p', ...(spread ? ['P(a>b) ties'] : [])];
        const row = (p: (typeof r.pairs)[number]): string[] => [
          p.a,
          p.b,
          p.meanDifference.toFixed(4),
          p.t.toFixed(3),
          formatP(p.p),
          formatP(p.randomizationP),
          ...(r.correction === 'none' ? [] : [formatP(p.adjustedP), formatP(p.adjustedRandomizationP)]),
          `${p.wins}/${p.ties}/${p.losses}`,
          formatP(p.degradationP),
          ...(p.tieFlip === undefined ? [] : [`${p.tieFlip.probability.toFixed(4)}${p.tieFlip.approximate ? '~' : ''}`]),
        ];
        out.push(table([header, ...r.pairs.map(row)]));
        out.push(compareLegend(r.correction, flags.degradation, flags.permutations));
        if (spread) out.push(tieFlipLegend(r.pairs.flatMap((p) => (p.tieFlip?.couldFlip === true ? [`${p.a} vs ${p.b}`] : []))));
        out.push(`discrimination ratio at alpha ${r.alpha}: ${r.pairs.filter((p) => p.p <= r.alpha).length} of ${r.pairs.length} pairs (${r.discriminationRatio.toFixed(3)})\n\n`);
      }
      write(io, flags.output, out.join(''), inputs);
    });

  addRunOptions(program.command('plot').description('the score range of each run as SVG, one panel per measure: its pessimistic to optimistic mean against its trec_eval-order mean').argument('<qrels>').argument('<runs...>'), ['AP'])
    .addOption(outputOption('SVG'))
    .action(async (qrelsPath: string, runPaths: string[], flags: RunFlags & { output?: string }) => {
      const { measures, runs } = await evaluateNumbers('plot', io, qrelsPath, runPaths, flags, withSpread(flags, ['AP']) ? [...RANGE_MODES, 'sd'] : RANGE_MODES, ['AP']);
      const panels = measures.map((m) => ({ measure: m.key, points: runs.map((run): RangePoint => ({ run: run.run, ...rangeMeans(run, m.key) })) }));
      write(io, flags.output, rangePlotsSvg(panels), [qrelsPath, ...runPaths]);
    });
}
