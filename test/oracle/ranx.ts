/**
 * ranx 0.3's metrics, written from its definitions (ranx/metrics/*.py: every metric first drops
 * the judgements below the relevance level, is 0 when none is left, and reads a document the
 * judgements lack as not relevant), independently of the library: the oracle of ranx's names.
 * `ranked` holds the labels in rank order (a label < 0: not judged), `judged` every judgement's
 * label, retrieved or not.
 */
export interface RanxQuery {
  readonly ranked: readonly number[];
  readonly judged: readonly number[];
}

/** A ranx metric name (`ndcg@10`, `rbp.8`, `map-l2`) and its value on a query. */
export function ranxValue(name: string, q: RanxQuery): number {
  const m = /^([a-z][a-z0-9_-]*?)(?:[@.]([0-9]+))?(?:-l([0-9]+))?$/.exec(name)!;
  const metric = m[1]!;
  const level = m[3] === undefined ? 1 : Number(m[3]);
  // the judgements left at the level: their labels, and each retrieved document's (0 when dropped)
  const qrels = q.judged.filter((l) => l >= level);
  if (qrels.length === 0) return 0;
  const label = q.ranked.map((l) => (l >= level ? l : 0));
  const hit: number[] = label.map((l) => (l > 0 ? 1 : 0));
  if (metric === 'rbp') {
    const p = Number(`0.${m[2]}`);
    return (1 - p) * label.reduce((s, l, i) => s + l * p ** i, 0);
  }
  const given = m[2] === undefined ? 0 : Number(m[2]);
  // fix_k: every retrieved document when k is 0 or past the ranking
  const k = given === 0 || given > label.length ? label.length : given;
  const hits = hit.slice(0, k).reduce((a, b) => a + b, 0);
  const R = qrels.length;
  // precision and f1 divide by the k asked for (every document retrieved when none)
  const over = given === 0 ? label.length : given;
  const dcg = (gains: readonly number[], upTo: number, burges: boolean): number =>
    gains.slice(0, upTo).reduce((s, g, i) => s + (burges ? 2 ** g - 1 : g) / Math.log2(i + 2), 0);
  switch (metric) {
    case 'hits':
      return hits;
    case 'hit_rate':
      return hits > 0 ? 1 : 0;
    case 'precision':
      return over === 0 ? 0 : hits / over;
    case 'recall':
      return label.length === 0 ? 0 : hits / R;
    case 'f1': {
      if (over === 0) return 0;
      const p = hits / over;
      const r = hits / R;
      return p + r === 0 ? 0 : (2 * p * r) / (p + r);
    }
    case 'r-precision':
      return hit.slice(0, R).reduce((a, b) => a + b, 0) / R;
    case 'mrr': {
      const first = hit.slice(0, k).indexOf(1);
      return first < 0 ? 0 : 1 / (first + 1);
    }
    case 'map': {
      let sum = 0;
      let seen = 0;
      for (let i = 0; i < k; i++) if (hit[i] === 1) sum += ++seen / (i + 1);
      return sum / R;
    }
    case 'dcg':
    case 'dcg_burges':
      return dcg(label, k, metric === 'dcg_burges');
    case 'ndcg':
    case 'ndcg_burges': {
      const burges = metric === 'ndcg_burges';
      const ideal = [...qrels].sort((a, b) => b - a);
      const idcg = dcg(ideal, given === 0 || given > ideal.length ? ideal.length : given, burges);
      return dcg(label, k, burges) / (idcg === 0 ? 1 : idcg);
    }
    default:
      throw new Error(`no ranx metric ${name}`);
  }
}
