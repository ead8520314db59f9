import type { LabelArray } from '../core/labels.js';
import { sortPositions } from '../reference/sortPositions.js';
import { AVERAGE, OPTIMISTIC } from '../ties/modes.js';

/** trec_eval's character for a label: its digit, '>' past 9, '-' for a document the judgements lack, '.' for one they hold unjudged. */
function relChar(label: number): string {
  if (label > 9) return '>';
  if (label >= 0) return String(label);
  return label === -1 ? '-' : '.';
}

/**
 * trec_eval's relstring of one query: the characters of its first `length` documents' labels,
 * in the tie mode's order (the kernels' own, sortPositions), after the maxRank cut and, with
 * `judgedOnly`, without its unjudged documents. In average mode no order inside a tie group is
 * the one: the group is written in brackets, its labels from the highest down (a group the
 * length cuts is closed at the cut): `1[10-]0`.
 * @param order room for the query's n positions
 */
export function relstring(scores: Float64Array, labels: LabelArray, tieKeys: Int32Array | null, start: number, n: number, mode: number, maxRank: number, judgedOnly: boolean, length: number, order: Int32Array): string {
  for (let i = 0; i < n; i++) order[i] = i;
  sortPositions(scores, labels, tieKeys, start, mode === AVERAGE ? OPTIMISTIC : mode, order, 0, n);
  let kept = n;
  if (maxRank > 0 && maxRank < n) {
    kept = maxRank;
    // average mode keeps the tie group crossing maxRank whole
    if (mode === AVERAGE) while (kept < n && scores[start + order[kept]!] === scores[start + order[kept - 1]!]) kept++;
  }
  const list: number[] = [];
  for (let i = 0; i < kept; i++) if (!judgedOnly || labels[start + order[i]!]! >= 0) list.push(order[i]!);
  const shown = Math.min(length, list.length);
  const same = (a: number, b: number): boolean => mode === AVERAGE && b >= 0 && b < list.length && scores[start + list[a]!] === scores[start + list[b]!];
  let text = '';
  for (let i = 0; i < shown; i++) {
    const opens = !same(i, i - 1) && same(i, i + 1);
    const closes = same(i, i - 1) && (i + 1 === shown || !same(i, i + 1));
    text += `${opens ? '[' : ''}${relChar(labels[start + list[i]!]!)}${closes || (opens && i + 1 === shown) ? ']' : ''}`;
  }
  return text;
}
