// Coordinate ascent (Metzler & Croft 2007, as RankLib runs it) over a linear combination of the
// features of a LETOR file, its objective a tie-aware measure from `prepare`.
//
//   node examples/coordinateAscent.mjs train.txt [--metric nDCG@10] [--rounds 5] [--ties average]
//   node examples/coordinateAscent.mjs examples/letor.txt     # the bundled file: 10 queries, 6 features
//
// It starts from all-zero weights, where every document of a query ties: a measure that broke ties
// by input order would score that start arbitrarily; the tie-aware average scores it fairly, and
// every step is judged on what the weights decide, not on a tie-break. Per round it prints the
// objective; at the end the weights as JSON and the final objective at full precision.
import { parseArgs } from 'node:util';
import { prepare, readLetor } from 'tie-eval';

const USAGE = `usage: node examples/coordinateAscent.mjs DATA [--metric nDCG@10] [--rounds 5] [--ties average]
  DATA     a LETOR / SVMlight file (gzip too); examples/letor.txt is a small one
  --metric the objective, any tie-eval measure name (default nDCG@10)
  --rounds the most rounds over every feature (default 5)
  --ties   average, optimistic, pessimistic or input (default average)`;
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { metric: { type: 'string', default: 'nDCG@10' }, rounds: { type: 'string', default: '5' }, ties: { type: 'string', default: 'average' }, help: { type: 'boolean', short: 'h' } },
  });
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
const { values: flags, positionals } = parsed;
// a bad file or measure name: its message (file and line, or the valid names), not a stack trace
process.on('uncaughtException', (error) => {
  console.error(`coordinateAscent: ${error.message}`);
  process.exit(1);
});
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}

// the whole file in memory: labels, query offsets, and each feature as a column over all rows
const queries = [];
const notes = await readLetor(positionals[0], (q) => queries.push({ rows: q.rows, labels: q.labels.slice(), values: q.values.slice(), features: q.features }));
const rows = notes.rows;
const features = notes.features;
const labels = new Float64Array(rows);
const offsets = new Uint32Array(queries.length + 1);
const columns = new Float64Array(rows * features); // feature f (from 0) of row r at f * rows + r
let at = 0;
queries.forEach((q, i) => {
  labels.set(q.labels, at);
  for (let f = 0; f < q.features; f++) columns.set(q.values.subarray(f * q.rows, (f + 1) * q.rows), f * rows + at);
  at += q.rows;
  offsets[i + 1] = at;
});

const evaluator = prepare(labels, offsets, [flags.metric], { ties: flags.ties });
const scores = new Float64Array(rows);
/** The objective of `weights`: scores are the sum of weight x value in feature order, always recomputed, so the value is that of the weights alone. */
function objective(weights) {
  scores.fill(0);
  for (let f = 0; f < features; f++) {
    const w = weights[f];
    if (w === 0) continue;
    for (let r = 0; r < rows; r++) scores[r] += w * columns[f * rows + r];
  }
  return evaluator.evaluate(scores).mean[flags.metric];
}

const weights = new Float64Array(features);
let best = objective(weights);
console.log(`start (all weights 0, every document tied): ${flags.metric} = ${best.toFixed(6)}`);
for (let round = 1; round <= Number(flags.rounds); round++) {
  const before = best;
  for (let f = 0; f < features; f++) {
    const start = weights[f];
    let bestWeight = start;
    // RankLib's line search: steps of 0.05, doubling, in both directions
    for (const sign of [1, -1]) {
      for (let step = 0.05, tries = 0; tries < 12; step *= 2, tries++) {
        weights[f] = start + sign * step;
        const value = objective(weights);
        if (value > best) {
          best = value;
          bestWeight = weights[f];
        }
      }
    }
    weights[f] = bestWeight;
  }
  console.log(`round ${round}: ${flags.metric} = ${best.toFixed(6)}`);
  if (best - before < 1e-9) break;
}
// as found, not normalised: scaling every weight keeps the ranking but not the scores' rounding, and so not every tie
console.log(`weights: ${JSON.stringify(Array.from(weights))}`);
console.log(`final ${flags.metric}: ${JSON.stringify(best)}`);
