/**
 * The plain (tie-oblivious) measures, written directly from their textbook definitions and
 * trec_eval's, independently of the library's kernels: the oracle's building block.
 * `ranked` holds the labels in rank order; `ideal` every judged label of the query.
 */
export interface PlainQuery {
  readonly ranked: readonly number[];
  readonly ideal: readonly number[];
  /** R when the caller overrides it. */
  readonly relevant?: number;
}

export interface PlainMeasure {
  readonly name: string;
  readonly value: (q: PlainQuery) => number;
}

const isRel = (label: number | undefined, rel: number): boolean => label !== undefined && label >= rel;
const countR = (q: PlainQuery, rel: number): number => q.relevant ?? q.ideal.filter((l) => l >= rel).length;
const relIn = (q: PlainQuery, rel: number, k: number): number => {
  let c = 0;
  for (let j = 0; j < Math.min(k, q.ranked.length); j++) if (isRel(q.ranked[j], rel)) c++;
  return c;
};
const gain = (l: number, type: string, rel: number): number => (l < rel ? 0 : type === 'exp' ? 2 ** l - 1 : l);
const dcgOf = (labels: readonly number[], k: number, type: string, rel: number): number => {
  let s = 0;
  for (let j = 1; j <= Math.min(k, labels.length); j++) s += gain(labels[j - 1]!, type, rel) / Math.log2(j + 1);
  return s;
};
const params = (p: string[]): string => (p.length ? `(${p.join(',')})` : '');

/** Builds the plain measure for a name in the library's spelling, from its parts. */
export function plainMeasures(n: number, cutoffs: readonly number[], rels: readonly number[]): PlainMeasure[] {
  const out: PlainMeasure[] = [];
  for (const rel of rels) {
    const rp = rel === 1 ? [] : [`rel=${rel}`];
    const cuts = [0, ...cutoffs];
    for (const k of cutoffs) {
      out.push({ name: `P${params(rp)}@${k}`, value: (q) => relIn(q, rel, k) / k });
      out.push({ name: `R${params(rp)}@${k}`, value: (q) => (countR(q, rel) > 0 ? relIn(q, rel, k) / countR(q, rel) : 0) });
      out.push({ name: `F1${params(rp)}@${k}`, value: (q) => (2 * relIn(q, rel, k)) / (k + countR(q, rel)) });
      out.push({ name: `Success${params(rp)}@${k}`, value: (q) => (relIn(q, rel, k) > 0 ? 1 : 0) });
    }
    for (const k of cuts) {
      const at = k > 0 ? `@${k}` : '';
      const depth = (q: PlainQuery): number => (k > 0 ? k : q.ranked.length);
      for (const norm of ['R', 'min', 'found']) {
        const np = norm === 'R' ? rp : [...rp, `norm=${norm}`];
        out.push({
          name: `AP${params(np)}${at}`,
          value: (q) => {
            const kk = depth(q);
            let sum = 0;
            let found = 0;
            for (let j = 1; j <= Math.min(kk, q.ranked.length); j++) {
              if (isRel(q.ranked[j - 1], rel)) {
                found++;
                sum += found / j;
              }
            }
            const d = norm === 'R' ? countR(q, rel) : norm === 'min' ? Math.min(kk, countR(q, rel)) : found;
            return d > 0 ? sum / d : 0;
          },
        });
      }
      out.push({
        name: `RR${params(rp)}${at}`,
        value: (q) => {
          const kk = depth(q);
          for (let j = 1; j <= Math.min(kk, q.ranked.length); j++) if (isRel(q.ranked[j - 1], rel)) return 1 / j;
          return 0;
        },
      });
      for (const g of ['linear', 'exp']) {
        const gp = g === 'linear' ? rp : [...rp, `gain=${g}`];
        out.push({ name: `DCG${params(gp)}${at}`, value: (q) => dcgOf(q.ranked, depth(q), g, rel) });
        out.push({
          name: `nDCG${params(gp)}${at}`,
          value: (q) => {
            const ideal = [...q.ideal].sort((a, b) => b - a);
            const idcg = dcgOf(ideal, k > 0 ? k : ideal.length, g, rel);
            return idcg > 0 ? dcgOf(q.ranked, depth(q), g, rel) / idcg : 0;
          },
        });
      }
      for (const p of [0.8, 0.5]) {
        // binary at the level given; graded (gain label / largest judged label, at least 1) without one
        const pp = p === 0.8 ? [`rel=${rel}`] : [`rel=${rel}`, `p=${p}`];
        out.push({
          name: `RBP${params(pp)}${at}`,
          value: (q) => {
            let s = 0;
            for (let j = 1; j <= Math.min(depth(q), q.ranked.length); j++) if (isRel(q.ranked[j - 1], rel)) s += p ** (j - 1);
            return (1 - p) * s;
          },
        });
        if (rel === 1) {
          out.push({
            name: `RBP${p === 0.8 ? '' : `(p=${p})`}${at}`,
            value: (q) => {
              const top = Math.max(1, ...q.ideal);
              let s = 0;
              for (let j = 1; j <= Math.min(depth(q), q.ranked.length); j++) if (q.ranked[j - 1]! > 0) s += (q.ranked[j - 1]! / top) * p ** (j - 1);
              return (1 - p) * s;
            },
          });
        }
      }
    }
    out.push({ name: `Rprec${params(rp)}`, value: (q) => (countR(q, rel) > 0 ? relIn(q, rel, countR(q, rel)) / countR(q, rel) : 0) });
    out.push({
      name: `bpref${params(rp)}`,
      // trec_eval m_bpref.c: unjudged skipped; n_d capped at R; divided by min(N, R)
      value: (q) => {
        const R = countR(q, rel);
        const N = q.ideal.filter((l) => l >= 0 && l < rel).length;
        if (R === 0) return 0;
        let nonrel = 0;
        let sum = 0;
        for (const l of q.ranked) {
          if (l < 0) continue;
          if (l >= rel) sum += nonrel > 0 ? 1 - Math.min(nonrel, R) / Math.min(N, R) : 1;
          else nonrel++;
        }
        return sum / R;
      },
    });
  }
  void n;
  return out;
}

/**
 * A measure's judged_only variant (ir_measures' `judged_only=True`): the same measure on the
 * ranking without its unjudged documents (labels < 0); the judgements stay whole.
 */
export function judgedOnlyOf(m: PlainMeasure): PlainMeasure {
  const name = m.name.replace(/^([A-Za-z0-9_]+)(?:\(([^)]*)\))?/, (_, base: string, inner?: string) => `${base}(${inner === undefined ? '' : `${inner},`}judged_only=true)`);
  return { name, value: (q) => m.value({ ...q, ranked: q.ranked.filter((l) => l >= 0) }) };
}
