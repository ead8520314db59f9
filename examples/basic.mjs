// A ranking by in-degree: many documents share a score, so the order inside a tie decides
// the plain measures. tie-eval reports the average over every order, and the bounds.
import { evaluate } from 'tie-eval';

const query = {
  docs: ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8'],
  scores: [12, 5, 5, 5, 2, 2, 2, 2],
  labels: [0, 0, 2, 0, 1, 0, -1, 1], // -1: not judged
};
const measures = ['AP', 'RR', 'P@3', 'nDCG@5', 'bpref'];

console.log('One query ranked by in-degree: 8 documents in 3 groups of equal score (1, 3 and 4 documents).');
console.log('Each measure under each tie regime: pessimistic (lower labels first inside a tie, the lower bound),');
console.log('average (the mean over all 1!·3!·4! = 144 orderings of the ties), optimistic (higher labels first),');
console.log("trec (trec_eval's order: document id descending).\n");
console.log('measure'.padEnd(8), ['pessimistic', 'average', 'optimistic', 'trec'].map((m) => m.padStart(12)).join(''));
const rows = Object.fromEntries(
  ['pessimistic', 'average', 'optimistic', 'trec'].map((ties) => [ties, evaluate(query, measures, { ties })]),
);
for (const m of measures) {
  console.log(m.padEnd(8), Object.values(rows).map((r) => r[m].toFixed(4).padStart(12)).join(''));
}
