import { MEASURES } from './table.js';

/** ranx's `metric[@k][-lN]`, and `rbp.P` (or `rbp@P`): a name, its `@` or `.` digits, its relevance level. */
const SYNTAX = /^([a-z][a-z0-9_-]*?)(?:@([0-9]+)|\.([0-9]+))?(?:-l([0-9]+))?$/;

/**
 * The tie-eval name of a ranx metric name (the table's `ranx` spellings), or undefined when it
 * is none: `ndcg@10` is `nDCG@10`, `ndcg_burges@10` `nDCG(gain=exp)@10`, `map@100` `AP@100`,
 * `mrr` `RR`, `hits@5` `NumRet(rel=1)@5`, `hit_rate@5` `Success@5`, `precision` `SetP`,
 * `r-precision` `Rprec`, `rbp.8` `RBP(gain=label,p=0.8)`; `-l2` sets the relevance level,
 * `rel=2`. A cut-off must be a positive integer (ranx reads `@0` as none: write the name alone).
 * @example fromRanx('ndcg_burges@10-l2') // 'nDCG(gain=exp,rel=2)@10'
 */
export function fromRanx(name: string): string | undefined {
  const m = SYNTAX.exec(name.trim());
  if (m === null) return undefined;
  const [, base, at, dot, level] = m;
  for (const measure of MEASURES) {
    for (const spelling of measure.ranx) {
      if (spelling.name !== base) continue;
      const digits = at ?? dot;
      if (spelling.persistence === true ? digits === undefined : dot !== undefined || (at === undefined ? spelling.cutoff === 'required' : spelling.cutoff === 'none')) continue;
      if (spelling.persistence !== true && at !== undefined && !(Number(at) >= 1)) return undefined;
      const params = new Map((spelling.preset ?? '').split(',').filter((p) => p !== '').map((p) => p.split('=') as [string, string]));
      if (level !== undefined) params.set('rel', String(Number(level)));
      // ranx reads rbp.95 as the persistence 0.95
      if (spelling.persistence === true) params.set('p', `0.${digits}`);
      const list = [...params].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`);
      return `${measure.name}${list.length > 0 ? `(${list.join(',')})` : ''}${spelling.persistence !== true && at !== undefined ? `@${Number(at)}` : ''}`;
    }
  }
  return undefined;
}
