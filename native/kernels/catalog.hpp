// The numeric codes of src/measures/catalog.ts, src/ties/modes.ts and src/reference/status.ts.
#pragma once

namespace tie_eval {

enum Kind { KIND_P = 0, KIND_R, KIND_F1, KIND_AP, KIND_RR, KIND_DCG, KIND_NDCG, KIND_RBP, KIND_RPREC, KIND_BPREF, KIND_SUCCESS };
enum Norm { NORM_R = 0, NORM_MIN = 1, NORM_FOUND = 2 };
enum GainType { GAIN_LINEAR = 0, GAIN_EXP = 1 };
enum Mode { AVERAGE = 0, OPTIMISTIC = 1, PESSIMISTIC = 2, TREC = 3, INPUT = 4 };
enum Status {
  STATUS_OK = 0,
  STATUS_SCORE_NAN = 1,
  STATUS_LABEL_NOT_INTEGER = 2,
  STATUS_IDEAL_LABEL_NOT_INTEGER = 3,
  STATUS_RELEVANT_TOO_SMALL = 4,
  STATUS_RELEVANT_NOT_COUNT = 5,
  STATUS_IDEAL_MISSING_LABELS = 6,
};

}  // namespace tie_eval
