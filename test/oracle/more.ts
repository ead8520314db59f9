/**
 * The measures that came with trec_eval's and ir_measures' full sets, plain (for one ordering),
 * written from trec_eval 10.0's m_*.c loops and ir_measures' definitions, independently of the
 * library's kernels. `ranked` holds the labels in rank order: -1 a document the judgements lack,
 * -2 one they hold unjudged (a qrels label < 0), else the judged label.
 */
import type { PlainMeasure, PlainQuery } from './plain.js';

const params = (p: string[]): string => (p.length ? `(${p.join(',')})` : '');
const countR = (q: PlainQuery, rel: number): number => q.relevant ?? q.ideal.filter((l) => l >= rel).length;
const relRet = (q: PlainQuery, rel: number): number => q.ranked.filter((l) => l >= rel).length;

/** trec_eval's gain of a label: the table's for a judged label it lists, else the label (0 for an unjudged document). */
const gainOf = (label: number, table: Record<number, number>): number => (label < 0 ? 0 : (table[label] ?? label));

/** The ideal gains, positive only, descending (trec_eval's setup_gains over the judged labels). */
function idealGains(q: PlainQuery, table: Record<number, number>): number[] {
  return q.ideal.filter((l) => l >= 0).map((l) => gainOf(l, table)).filter((g) => g > 0).sort((a, b) => b - a);
}

/** Interpolated precision at relevant rank c (trec_eval's iprec_at_recall loop, written as the best m / P_m for m >= c). */
export function iprecAt(q: PlainQuery, c: number): number {
  const found = q.ranked.filter((l) => l >= 1).length;
  if (c > found) return 0;
  let best = 0;
  let m = 0;
  q.ranked.forEach((l, i) => {
    if (l >= 1) {
      m++;
      if (m >= c) best = Math.max(best, m / (i + 1));
    }
  });
  return best;
}

const lround = (x: number): number => Math.round(x);

/** The measures for cut-offs `cutoffs` and gain tables `tables` (as written in a name, and parsed). */
export function moreMeasures(cutoffs: readonly number[]): PlainMeasure[] {
  const out: PlainMeasure[] = [];
  for (const rel of [1, 2]) {
    const rp = rel === 1 ? [] : [`rel=${rel}`];
    for (const k of cutoffs) {
      out.push({ name: `P${params([...rp, 'relative=true'])}@${k}`, value: (q) => (countR(q, rel) > 0 ? q.ranked.slice(0, k).filter((l) => l >= rel).length / Math.min(k, countR(q, rel)) : 0) });
    }
    for (const mult of [0.2, 1, 1.4, 2]) {
      out.push({
        name: `Rprec${params([...rp, `mult=${mult}`])}`,
        value: (q) => {
          const c = Math.floor(mult * countR(q, rel) + 0.9);
          return c > 0 ? q.ranked.slice(0, c).filter((l) => l >= rel).length / c : 0;
        },
      });
    }
    out.push({
      name: `infAP${params(rp)}`,
      value: (q) => {
        let sum = 0;
        let relSoFar = 0;
        let nonrel = 0;
        let pooled = 0;
        q.ranked.forEach((l, j) => {
          if (l === -1) return;
          if (l < -1) {
            pooled++;
            return;
          }
          if (l < rel) {
            nonrel++;
            return;
          }
          relSoFar++;
          const e = 0.00001;
          sum += j === 0 ? 1 : 1 / (j + 1) + (j / (j + 1)) * ((relSoFar - 1 + nonrel + pooled) / j) * ((relSoFar - 1 + e) / (relSoFar - 1 + nonrel + 2 * e));
        });
        return countR(q, rel) > 0 ? sum / countR(q, rel) : 0;
      },
    });
    out.push({
      name: `binG${params(rp)}`,
      value: (q) => {
        let sum = 0;
        let found = 0;
        q.ranked.forEach((l, i) => {
          if (l >= rel) {
            found++;
            sum += 1 / Math.log2(3 + i - found);
          }
        });
        return found > 0 ? sum / countR(q, rel) : 0;
      },
    });
    for (const level of [0, 0.1, 0.5, 1]) {
      out.push({ name: `IPrec${params(rp)}@${level}`, value: (q) => iprecAt({ ...q, ranked: q.ranked.map((l) => (l >= rel ? 1 : 0)) }, lround(level * countR(q, rel))) });
    }
    out.push({
      name: `11pt_avg${params([...rp, 'levels={0.2,0.5,0.8}'])}`,
      value: (q) => [0.8, 0.5, 0.2].reduce((sum, level) => sum + iprecAt({ ...q, ranked: q.ranked.map((l) => (l >= rel ? 1 : 0)) }, lround(level * countR(q, rel))), 0) / 3,
    });
    out.push({ name: `NumRet${params(rel === 1 ? ['rel=1'] : rp)}`, value: (q) => relRet(q, rel) });
    out.push({ name: `NumRel${params(rp)}`, value: (q) => countR(q, rel) });
    out.push({ name: `num_nonrel_judged_ret${params(rp)}`, value: (q) => q.ranked.filter((l) => l >= 0 && l < rel).length });
    out.push({ name: `SetP${params(rp)}`, value: (q) => (q.ranked.length > 0 ? relRet(q, rel) / q.ranked.length : 0) });
    out.push({ name: `SetP${params([...rp, 'relative=true'])}`, value: (q) => (q.ranked.length > 0 && countR(q, rel) > 0 ? relRet(q, rel) / Math.min(q.ranked.length, countR(q, rel)) : 0) });
    out.push({ name: `SetR${params(rp)}`, value: (q) => (countR(q, rel) > 0 ? relRet(q, rel) / countR(q, rel) : 0) });
    out.push({
      name: `SetF${params([...rp, 'beta=0.5'])}`,
      value: (q) => {
        const f = relRet(q, rel);
        if (f === 0) return 0;
        const p = f / q.ranked.length;
        const r = f / countR(q, rel);
        return (1.5 * p * r) / (0.5 * p + r);
      },
    });
    out.push({ name: `SetAP${params(rp)}`, value: (q) => (q.ranked.length > 0 && countR(q, rel) > 0 ? relRet(q, rel) ** 2 / (q.ranked.length * countR(q, rel)) : 0) });
    out.push({
      name: `utility${params([...rp, 'a=2', 'b=-1', 'c=-0.5', 'd=0.25', 'docs=100'])}`,
      value: (q) => {
        const f = relRet(q, rel);
        const n = q.ranked.length;
        const r = countR(q, rel);
        return 2 * f + -1 * (n - f) + -0.5 * (r - f) + 0.25 * (100 + f - n - r);
      },
    });
  }
  out.push({ name: 'NumQ', value: () => 1 });
  out.push({ name: 'NumRet', value: (q) => q.ranked.length });
  for (const p of [0.9, 0.5]) {
    out.push({
      name: `rbp_resid${p === 0.9 ? '' : `(p=${p})`}`,
      value: (q) => {
        let sum = 0;
        let cur = 1;
        let unjudged = 0;
        for (const l of q.ranked) {
          if (l < 0) {
            unjudged++;
            sum += cur;
          }
          cur *= p;
        }
        return unjudged > 0 ? cur + (1 - p) * sum : 0;
      },
    });
  }
  for (const k of cutoffs) {
    const top = (q: PlainQuery): number[] => q.ranked.slice(0, k);
    out.push({ name: `Judged@${k}`, value: (q) => (Math.min(k, q.ranked.length) > 0 ? top(q).filter((l) => l !== -1).length / Math.min(k, q.ranked.length) : 0) });
    out.push({ name: `unj@${k}`, value: (q) => top(q).filter((l) => l < 0).length / k });
    for (const max of [4, 2]) {
      out.push({
        name: `ERR${max === 4 ? '' : `(max=${max})`}@${k}`,
        value: (q) => {
          let sum = 0;
          let pass = 1;
          top(q).forEach((l, i) => {
            const r = l > 0 ? (2 ** Math.min(l, max) - 1) / 2 ** max : 0;
            sum += (pass * r) / (i + 1);
            pass *= 1 - r;
          });
          return sum;
        },
      });
    }
  }
  for (const [spelling, table] of [
    ['', {}],
    ['(gains={1:0,2:5,3:1})', { 1: 0, 2: 5, 3: 1 }],
  ] as const) {
    const t = table as Record<number, number>;
    out.push({
      name: `G${spelling}`,
      value: (q) => {
        const ideal = idealGains(q, t);
        const total = ideal.reduce((a, b) => a + b, 0);
        if (!(total > 0)) return 0;
        let cost = 0;
        let cg = 0;
        let g = 0;
        q.ranked.forEach((l, i) => {
          const gain = gainOf(l, t);
          cg += gain;
          cost += Math.max(ideal[i] ?? 0, 1);
          if (gain !== 0) g += gain / Math.log2(2 + cost - cg);
        });
        return g / total;
      },
    });
    out.push({
      name: `ndcg_rel${spelling}`,
      value: (q) => {
        const ideal = idealGains(q, t);
        let dcg = 0;
        let idcg = 0;
        let sum = 0;
        let found = 0;
        q.ranked.forEach((l, i) => {
          const gain = gainOf(l, t);
          dcg += gain / Math.log2(i + 2);
          if (i < ideal.length) idcg += ideal[i]! / Math.log2(i + 2);
          if (gain > 0) {
            sum += dcg / idcg;
            found++;
          }
        });
        for (let i = q.ranked.length; i < ideal.length; i++) idcg += ideal[i]! / Math.log2(i + 2);
        sum += ((ideal.length - found) * dcg) / idcg;
        return sum > 0 ? sum / ideal.length : 0;
      },
    });
    for (const rel of [1, 2]) {
      // trec_eval's Rndcg: 0 when nothing reaches the relevance level, whatever the gains
      const name = rel === 1 ? `Rndcg${spelling}` : spelling === '' ? 'Rndcg(rel=2)' : `Rndcg(rel=2,${spelling.slice(1)}`;
      out.push({
        name,
        value: (q) => {
          if (countR(q, rel) === 0) return 0;
          const ideal = idealGains(q, t);
          const dcgAt = (b: number): number => q.ranked.slice(0, b).reduce((sum, l, i) => sum + gainOf(l, t) / Math.log2(i + 2), 0);
          const idcgAt = (b: number): number => ideal.slice(0, b).reduce((sum, x, i) => sum + x / Math.log2(i + 2), 0);
          let sum = 0;
          let count = 0;
          // the ranks where the ideal gain changes: the ends of its levels
          for (let b = 1; b <= ideal.length; b++) {
            if (b === ideal.length || ideal[b] !== ideal[b - 1]) {
              sum += dcgAt(b) / idcgAt(b);
              count++;
            }
          }
          // and the whole ranking, when it runs two ranks or more past the ideal's positive ones (trec_eval's loop)
          if (q.ranked.length > ideal.length + 1 && ideal.length > 0) {
            sum += dcgAt(q.ranked.length) / idcgAt(ideal.length);
            count++;
          }
          return count > 0 ? sum / count : 0;
        },
      });
    }
    for (const k of [0, ...cutoffs]) {
      const at = k > 0 ? `@${k}` : '';
      out.push({
        name: `nDCG${spelling}${at}`,
        value: (q) => {
          const kk = k > 0 ? k : q.ranked.length;
          const ideal = idealGains(q, t).slice(0, k > 0 ? k : undefined);
          const idcg = ideal.reduce((sum, x, i) => sum + x / Math.log2(i + 2), 0);
          const dcg = q.ranked.slice(0, kk).reduce((sum, l, i) => sum + Math.max(0, gainOf(l, t)) / Math.log2(i + 2), 0);
          return idcg > 0 ? dcg / idcg : 0;
        },
      });
    }
  }
  for (const k of cutoffs) {
    out.push({
      name: `nDCG(judged_only=true)@${k}`,
      value: (q) => {
        const ranked = q.ranked.filter((l) => l >= 0);
        const ideal = q.ideal.filter((l) => l >= 1).sort((a, b) => b - a).slice(0, k);
        const idcg = ideal.reduce((sum, x, i) => sum + x / Math.log2(i + 2), 0);
        const dcg = ranked.slice(0, k).reduce((sum, l, i) => sum + Math.max(0, l) / Math.log2(i + 2), 0);
        return idcg > 0 ? dcg / idcg : 0;
      },
    });
    out.push({
      name: `DCG(dcg=exp-log2)@${k}`,
      value: (q) => q.ranked.slice(0, k).reduce((sum, l, i) => sum + (l >= 1 ? 2 ** l - 1 : 0) / Math.log2(i + 2), 0),
    });
  }
  out.push({ name: 'ideal_dcg', value: (q) => idealGains(q, {}).reduce((sum, x, i) => sum + x / Math.log2(i + 2), 0) });
  return out;
}
