/**
 * The names of ndeval's measures (src/diversity/measures.ts parses them), compared without case
 * and with `_` read as `-`: here, below both parsers, so that the main parser can say a name is
 * a diversity measure without importing the diversity module.
 */
export const DIVERSITY_KINDS = ['ERR-IA', 'nERR-IA', 'alpha-DCG', 'alpha-nDCG', 'NRBP', 'nNRBP', 'MAP-IA', 'P-IA', 'strec'] as const;

/** One of ndeval's measures, by its ndeval name. */
export type DiversityKind = (typeof DIVERSITY_KINDS)[number];

/** Other spellings (ir_measures' and pyndeval's), as keys. */
const ALIASES: Readonly<Record<string, DiversityKind>> = { 'ap-ia': 'MAP-IA', strecall: 'strec', 'st-recall': 'strec' };

const BY_KEY = new Map<string, DiversityKind>([...DIVERSITY_KINDS.map((k) => [k.toLowerCase(), k] as const), ...Object.entries(ALIASES)]);

/** The kind a measure name's base (`alpha_nDCG` of `alpha_nDCG(alpha=0.7)@10`) names, if a diversity measure. */
export function diversityKindOf(base: string): DiversityKind | undefined {
  return BY_KEY.get(base.toLowerCase().replaceAll('_', '-'));
}

/** Whether `name` names a diversity measure, or `ndeval` (their set). */
export function isDiversityName(name: string): boolean {
  const base = /^\s*([A-Za-z_-]+)/.exec(name)?.[1];
  return name.trim() === 'ndeval' || (base !== undefined && diversityKindOf(base) !== undefined);
}

/** Each kind's code in the diversity kernels (its index in DIVERSITY_KINDS; scripts/generate.ts writes them for AssemblyScript and C++). */
export const DiversityCode = { ERR_IA: 0, NERR_IA: 1, ALPHA_DCG: 2, ALPHA_NDCG: 3, NRBP: 4, NNRBP: 5, MAP_IA: 6, P_IA: 7, STREC: 8 } as const;
