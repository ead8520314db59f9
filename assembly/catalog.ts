// The numeric codes of src/measures/catalog.ts, src/ties/modes.ts and src/reference/status.ts.

export const KIND_P: i32 = 0;
export const KIND_R: i32 = 1;
export const KIND_F1: i32 = 2;
export const KIND_AP: i32 = 3;
export const KIND_RR: i32 = 4;
export const KIND_DCG: i32 = 5;
export const KIND_NDCG: i32 = 6;
export const KIND_RBP: i32 = 7;
export const KIND_RPREC: i32 = 8;
export const KIND_BPREF: i32 = 9;
export const KIND_SUCCESS: i32 = 10;

export const NORM_R: i32 = 0;
export const NORM_MIN: i32 = 1;
export const NORM_FOUND: i32 = 2;

export const GAIN_EXP: i32 = 1;

export const AVERAGE: i32 = 0;
export const OPTIMISTIC: i32 = 1;
export const PESSIMISTIC: i32 = 2;
export const TREC: i32 = 3;

export const STATUS_OK: i32 = 0;
export const STATUS_SCORE_NAN: i32 = 1;
export const STATUS_LABEL_NOT_INTEGER: i32 = 2;
export const STATUS_IDEAL_LABEL_NOT_INTEGER: i32 = 3;
export const STATUS_RELEVANT_TOO_SMALL: i32 = 4;
export const STATUS_RELEVANT_NOT_COUNT: i32 = 5;
export const STATUS_IDEAL_MISSING_LABELS: i32 = 6;
