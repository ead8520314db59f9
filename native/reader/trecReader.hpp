// Reads qrels and run files chunk by chunk at byte level: the fast path of src/io/readQrels.ts,
// src/io/readRun.ts and the label lookup of src/cli/evaluateRun.ts, with the same checks in the
// same order. The caller feeds whole lines and turns a problem code into its message.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "fileRoom.hpp"
#include "idTable.hpp"
#include "judgedDocs.hpp"
#include "lineFields.hpp"

namespace tie_eval::reader {

/** The label of a document the qrels hold unjudged (a negative label), apart from -1, one they lack (src/io/parseQrels.ts). */
constexpr int32_t UNJUDGED = -2;

/** What a feed call stopped on (info[PROBLEM_*] says where); CHANGED: a run read in passes (RunGrouping) changed between them; SKIPPED: resultLine's comment or blank line. */
enum Problem : int { NONE = 0, FIELD_COUNT = 1, NOT_A_NUMBER = 2, LISTED_TWICE = 3, UNGROUPED = 4, CHANGED = 5, SKIPPED = -1 };

/** The slots of the info array a feed call reads and writes. */
enum Info : int {
  /** lines read so far (in: before this chunk; out: after it, or up to the bad line) */
  LINE = 0,
  /** the bad line's bytes in the chunk, its field count, and for LISTED_TWICE the line of the first listing */
  BAD_START = 1,
  BAD_END = 2,
  FIELDS = 3,
  FIRST_LINE = 4,
  /** the run tag of the first result line: its bytes in the chunk, when RUNID_FOUND is 1 after the call */
  RUNID_FOUND = 5,
  RUNID_START = 6,
  RUNID_END = 7,
  /** lines whose score rises while their rank field rises too, the first of them, result lines read */
  MISORDERED = 8,
  FIRST_MISORDERED = 9,
  RESULT_LINES = 10,
  /** in: the file's size in bytes when known, else 0 (see FileRoom) */
  EXPECTED_BYTES = 11,
  INFO_SIZE = 12
};

/**
 * A qrels file's judgements: written while the file is read, then frozen and only read, so that
 * readers on other threads can share one copy (see TrecReader::share).
 */
struct Judgements {
  /** the query ids, in order of first appearance: query g is group g */
  std::vector<std::string> qids;
  /** the same ids in a flat table (no allocation per query) */
  IdTable queryIds;
  /** the judged documents, by group */
  JudgedDocs docs;
};

class TrecReader {
 public:
  /** The qrels' query ids, in order of first appearance: query g is group g. */
  const std::vector<std::string>& judgedQids() const { return judgements_->qids; }

  /** The qrels' judged documents, by group (the query read last is frozen first, unless they are shared, hence frozen). */
  const JudgedDocs& judgements() {
    if (!frozen_) {
      judgements_->docs.freeze();
      frozen_ = true;
    }
    qrelsCurrent_ = -1;
    return judgements_->docs;
  }

  /**
   * Freezes the judgements and makes them available to readers on other threads of the process
   * (attach), for as long as this reader lives; returns the token that names them.
   */
  double share() {
    judgements();
    std::lock_guard<std::mutex> lock(registryMutex());
    auto& shared = registry();
    // forget what readers that ended shared, so the registry stays small
    for (auto it = shared.begin(); it != shared.end();) it = it->second.expired() ? shared.erase(it) : std::next(it);
    const double token = ++lastToken();
    shared.emplace(token, judgements_);
    return token;
  }

  /**
   * Reads against the judgements another reader shared (frozen: lookups only, safe from any
   * number of threads) instead of reading a qrels file; false when `token` names none that lives.
   */
  bool attach(double token) {
    std::lock_guard<std::mutex> lock(registryMutex());
    const auto found = registry().find(token);
    std::shared_ptr<Judgements> shared = found == registry().end() ? nullptr : found->second.lock();
    if (shared == nullptr) return false;
    judgements_ = std::move(shared);
    frozen_ = true;
    return true;
  }

  /** Whether the judgements are frozen (qrels lines are no longer taken). */
  bool frozen() const { return frozen_; }

  /** Reads qrels lines `qid iter docno label` from buf[0..length) (not once frozen: see frozen). */
  int qrels(const uint8_t* buf, size_t length, double* info) {
    size_t bounds[16];
    Judgements& j = *judgements_;
    if (const double scale = qrelsRoom_.next(info[EXPECTED_BYTES], length); scale > 0) j.docs.reserve(scale);
    return forEachLine(buf, length, info, [&](size_t start, size_t end) -> int {
      if (isSkippable(buf, start, end)) return NONE;
      const int count = splitFields(buf, start, end, length, bounds, 7);
      if (count != 4) return bad(info, FIELD_COUNT, start, end, count);
      const double label = parseInteger(buf, bounds[6], bounds[7]);
      // a label is a C int, as trec_eval reads it (parseQrels in src/io/parseQrels.ts keeps the same range)
      if (!(label >= -2147483648.0 && label <= 2147483647.0)) return bad(info, NOT_A_NUMBER, start, end, count);
      if (qrelsCurrent_ < 0 || !same(j.qids[qrelsCurrent_], buf, bounds[0], bounds[1])) {
        const uint32_t qidHash = hashBytes(buf, bounds[0], bounds[1]);
        qrelsCurrent_ = j.queryIds.find(buf, bounds[0], bounds[1], qidHash);
        if (qrelsCurrent_ < 0) {
          qrelsCurrent_ = j.queryIds.add(buf, bounds[0], bounds[1], qidHash);
          j.qids.emplace_back(reinterpret_cast<const char*>(buf + bounds[0]), bounds[1] - bounds[0]);
        }
        j.docs.open(qrelsCurrent_);
      }
      const uint32_t hash = hashBytes(buf, bounds[4], bounds[5]);
      const double first = j.docs.lineOf(buf, bounds[4], bounds[5], hash);
      if (first >= 0) {
        info[FIRST_LINE] = first;
        return bad(info, LISTED_TWICE, start, end, count);
      }
      // a negative label: held by the judgements but unjudged (-2), as apart from a document they lack (-1)
      j.docs.add(buf, bounds[4], bounds[5], hash, label < 0 ? UNJUDGED : static_cast<int32_t>(label), info[LINE]);
      return NONE;
    });
  }

  /**
   * Starts reading a run; `judgedOnly` keeps only documents with a label >= 0 (-J); `tieKeys`
   * writes trec_eval's tie-break key of each result (see tieKeys).
   */
  void startRun(bool judgedOnly, bool tieKeys) {
    judgements();
    judgedOnly_ = judgedOnly;
    tieKeys_ = tieKeys;
    runRoom_ = FileRoom();
    runHas_ = false;
    lastGroup_ = -1;
    groupDone_.assign(judgements_->qids.size(), 0);
    unjudgedDone_.clear();
    qids.clear();
    groups.clear();
    offsets.assign(1, 0);
    scores.clear();
    labels.clear();
    keys.clear();
    idealOffsets.assign(1, 0);
    ideal.clear();
  }

  /**
   * Reads run lines `qid Q0 docno rank score runid` from buf[0..length): each query's results go
   * to the output as (score, label) with label -1 for documents the qrels do not judge; a query the
   * qrels lack is output with group -1 and no results.
   */
  int run(const uint8_t* buf, size_t length, double* info) {
    size_t bounds[16];
    const Judgements& j = *judgements_;
    if (const double scale = runRoom_.next(info[EXPECTED_BYTES], length); scale > 0) reserveOutput(scale);
    return forEachLine(buf, length, info, [&](size_t start, size_t end) -> int {
      double score;
      double rank;
      const int checked = resultLine(buf, start, end, length, bounds, info, score, rank);
      if (checked != NONE) return checked == SKIPPED ? NONE : checked;
      if (!runHas_ || !same(runQid_, buf, bounds[0], bounds[1])) {
        if (runHas_) endQuery();
        runQid_.assign(reinterpret_cast<const char*>(buf + bounds[0]), bounds[1] - bounds[0]);
        // a run in the qrels' query order finds each query right after the last one, unhashed
        const size_t next = static_cast<size_t>(lastGroup_ + 1);
        if (next < j.qids.size() && j.qids[next] == runQid_) runGroup_ = static_cast<int32_t>(next);
        else {
          const auto* qid = reinterpret_cast<const uint8_t*>(runQid_.data());
          runGroup_ = j.queryIds.find(qid, 0, runQid_.size(), hashBytes(qid, 0, runQid_.size()));
        }
        if (runGroup_ >= 0 ? groupDone_[runGroup_] != 0 : unjudgedDone_.count(runQid_) > 0) return bad(info, UNGROUPED, start, end, 6);
        if (runGroup_ >= 0) lastGroup_ = runGroup_;
        runHas_ = true;
        runDocs_.clear();
        runLines_.clear();
        keptDocs_.clear();
      } else if (score > lastScore_ && rank > lastRank_) {
        if (info[MISORDERED]++ == 0) info[FIRST_MISORDERED] = info[LINE];
      }
      lastScore_ = score;
      lastRank_ = rank;
      const uint32_t hash = hashBytes(buf, bounds[4], bounds[5]);
      const int32_t first = runDocs_.find(buf, bounds[4], bounds[5], hash);
      if (first >= 0) {
        info[FIRST_LINE] = runLines_[first];
        return bad(info, LISTED_TWICE, start, end, 6);
      }
      const int32_t doc = runDocs_.add(buf, bounds[4], bounds[5], hash);
      runLines_.push_back(info[LINE]);
      if (runGroup_ < 0) return NONE;
      const int32_t label = j.docs.label(runGroup_, buf, bounds[4], bounds[5], hash);
      if (judgedOnly_ && label < 0) return NONE;
      scores.push_back(score);
      labels.push_back(label);
      if (tieKeys_) {
        keptDocs_.push_back(doc);
        keys.push_back(0);
      }
      return NONE;
    });
  }

  /**
   * Checks the run line buf[start..end) (`length`: the buffer's): SKIPPED for a comment or blank
   * line, a problem for fewer than 6 fields (fields after the sixth are ignored, as trec_eval does:
   * its own test runs carry some) or a score that is not a number, else NONE with its fields in
   * `bounds`, its score and rank field; counts info[RESULT_LINES] and finds the first line's run tag.
   */
  static int resultLine(const uint8_t* buf, size_t start, size_t end, size_t length, size_t* bounds, double* info, double& score, double& rank) {
    if (isSkippable(buf, start, end)) return SKIPPED;
    const int count = splitFields(buf, start, end, length, bounds, 7);
    if (count < 6) return bad(info, FIELD_COUNT, start, end, count);
    info[RESULT_LINES]++;
    score = parseScore(buf, bounds[8], bounds[9]);
    if (std::isnan(score)) return bad(info, NOT_A_NUMBER, start, end, count);
    if (info[RESULT_LINES] == 1) {
      info[RUNID_FOUND] = 1;
      info[RUNID_START] = static_cast<double>(bounds[10]);
      info[RUNID_END] = static_cast<double>(bounds[11]);
    }
    rank = parseScore(buf, bounds[6], bounds[7]);
    return NONE;
  }

  /** Calls line(start, end) for each line of buf[0..length) (the last may lack its newline; a CR before the newline is dropped), counting info[LINE], until a problem. */
  template <typename Line>
  static int forEachLine(const uint8_t* buf, size_t length, double* info, Line line) {
    size_t start = 0;
    while (start < length) {
      const void* nl = std::memchr(buf + start, '\n', length - start);
      const size_t stop = nl == nullptr ? length : static_cast<size_t>(static_cast<const uint8_t*>(nl) - buf);
      const size_t end = stop > start && buf[stop - 1] == '\r' ? stop - 1 : stop;
      info[LINE]++;
      const int problem = line(start, end);
      if (problem != NONE) return problem;
      start = stop + 1;
    }
    return NONE;
  }

  /** Ends the run: its last query goes to the output. */
  void endRun() {
    if (runHas_) endQuery();
    runHas_ = false;
  }

  /**
   * The output since the last takeOutput: finished queries (latin1 bytes, qrels group or -1)
   * cutting scores and labels at offsets, and their judged labels (the qrels', in file order;
   * none for group -1) cut at idealOffsets. Entries past offsets.back() belong to the query being read.
   */
  std::vector<std::string> qids;
  std::vector<int32_t> groups;
  std::vector<uint32_t> offsets{0};
  std::vector<double> scores;
  std::vector<int32_t> labels;
  /**
   * With tie keys (startRun): trec_eval's tie-break as numbers, per result: its rank among its
   * query's document ids in descending byte order (0 = the largest), as src/ties/trecTieKeys.ts.
   */
  std::vector<int32_t> keys;
  std::vector<uint32_t> idealOffsets{0};
  std::vector<int32_t> ideal;

  /** Empties the output of finished queries (after the caller copied them), keeping the entries of the query being read. */
  void takeOutput() {
    const uint32_t finished = offsets.back();
    qids.clear();
    groups.clear();
    offsets.assign(1, 0);
    scores.erase(scores.begin(), scores.begin() + finished);
    labels.erase(labels.begin(), labels.begin() + finished);
    if (tieKeys_) keys.erase(keys.begin(), keys.begin() + finished);
    idealOffsets.assign(1, 0);
    ideal.clear();
  }

 private:
  /** this reader's own judgements, or those another reader shared (see attach) */
  std::shared_ptr<Judgements> judgements_ = std::make_shared<Judgements>();
  bool frozen_ = false;
  FileRoom qrelsRoom_;
  FileRoom runRoom_;
  int32_t qrelsCurrent_ = -1;
  bool judgedOnly_ = false;
  bool tieKeys_ = false;
  /** with tie keys: the runDocs_ index of each result kept of the query being read, and their order */
  std::vector<int32_t> keptDocs_;
  std::vector<int32_t> byId_;
  bool runHas_ = false;
  std::string runQid_;
  int32_t runGroup_ = -1;
  /** the last query of the run the qrels hold, whose successor is tried first */
  int32_t lastGroup_ = -1;
  /** the queries of the run read so far: by group, and the ones the qrels lack by id */
  std::vector<uint8_t> groupDone_;
  std::unordered_set<std::string> unjudgedDone_;
  IdTable runDocs_;
  std::vector<double> runLines_;
  double lastScore_ = 0;
  double lastRank_ = 0;

  void endQuery() {
    if (tieKeys_) writeKeys();
    if (runGroup_ >= 0) {
      groupDone_[runGroup_] = 1;
      const JudgedDocs& docs = judgements_->docs;
      const int32_t* judgedLabels = docs.labels(runGroup_);
      ideal.insert(ideal.end(), judgedLabels, judgedLabels + docs.count(runGroup_));
    } else unjudgedDone_.insert(runQid_);
    idealOffsets.push_back(static_cast<uint32_t>(ideal.size()));
    qids.push_back(runQid_);
    groups.push_back(runGroup_);
    offsets.push_back(static_cast<uint32_t>(scores.size()));
  }

  /** The tie keys of the query just read: its kept results ranked by document id, descending. */
  void writeKeys() {
    const size_t first = offsets.back();
    byId_.resize(keptDocs_.size());
    for (size_t i = 0; i < byId_.size(); i++) byId_[i] = static_cast<int32_t>(i);
    std::sort(byId_.begin(), byId_.end(), [&](int32_t a, int32_t b) {
      const int32_t x = keptDocs_[a];
      const int32_t y = keptDocs_[b];
      const size_t common = std::min(runDocs_.length(x), runDocs_.length(y));
      const int c = std::memcmp(runDocs_.bytes(x), runDocs_.bytes(y), common);
      return c != 0 ? c > 0 : runDocs_.length(x) > runDocs_.length(y);
    });
    for (size_t rank = 0; rank < byId_.size(); rank++) keys[first + byId_[rank]] = static_cast<int32_t>(rank);
  }

  // the judgements shared in this process, by token; a weak hold: they live as long as their reader
  static std::mutex& registryMutex() {
    static std::mutex mutex;
    return mutex;
  }
  static std::unordered_map<double, std::weak_ptr<Judgements>>& registry() {
    static std::unordered_map<double, std::weak_ptr<Judgements>> shared;
    return shared;
  }
  static double& lastToken() {
    static double last = 0;
    return last;
  }

  static bool same(const std::string& id, const uint8_t* buf, size_t start, size_t end) {
    return id.size() == end - start && std::memcmp(id.data(), buf + start, end - start) == 0;
  }

  /** Makes room for `scale` times the output so far (see FileRoom). */
  void reserveOutput(double scale) {
    reserveScaled(qids, scale);
    reserveScaled(groups, scale);
    reserveScaled(offsets, scale);
    reserveScaled(scores, scale);
    reserveScaled(labels, scale);
    reserveScaled(keys, scale);
    reserveScaled(idealOffsets, scale);
    reserveScaled(ideal, scale);
  }

  static int bad(double* info, int problem, size_t start, size_t end, int count) {
    info[BAD_START] = static_cast<double>(start);
    info[BAD_END] = static_cast<double>(end);
    info[FIELDS] = count;
    return problem;
  }

};

}  // namespace tie_eval::reader
