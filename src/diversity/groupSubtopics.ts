/**
 * The subtopics the documents at positions start..end-1 (a tie group) are relevant to, ascending,
 * with how many of them each has added to `counts` (the caller sets those back to 0 after).
 */
export function groupSubtopics(subtopics: readonly (Int32Array | undefined)[], start: number, end: number, counts: Int32Array): number[] {
  const present: number[] = [];
  for (let i = start; i < end; i++) {
    const subs = subtopics[i];
    if (subs === undefined) continue;
    for (const j of subs) if (counts[j]!++ === 0) present.push(j);
  }
  return present.sort((a, b) => a - b);
}
