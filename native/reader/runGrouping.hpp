// A run whose lines are not grouped by query, grouped for TrecReader::run in passes over the file
// (readRunNative in src/io/readTrecNative.ts drives them): memory is one pass's lines, not the file's.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "idTable.hpp"
#include "lineFields.hpp"
#include "trecReader.hpp"

namespace tie_eval::reader {

class RunGrouping {
 public:
  /** Starts counting a run anew. */
  void start() {
    qids_ = IdTable();
    bytes_.clear();
    lastQuery_ = -1;
    release();
  }

  /**
   * Checks run lines as TrecReader::run does (fields, score, run tag, lines whose score and rank
   * both rise within a query, counted in info) and adds each line's bytes (a newline included) to
   * its query's, the queries numbered in order of their first line.
   */
  int count(const uint8_t* buf, size_t length, double* info) {
    size_t bounds[16];
    return TrecReader::forEachLine(buf, length, info, [&](size_t start, size_t end) -> int {
      double score;
      double rank;
      const int checked = TrecReader::resultLine(buf, start, end, length, bounds, info, score, rank);
      if (checked != NONE) return checked == SKIPPED ? NONE : checked;
      const uint32_t hash = hashBytes(buf, bounds[0], bounds[1]);
      int32_t q = qids_.find(buf, bounds[0], bounds[1], hash);
      if (q < 0) {
        q = qids_.add(buf, bounds[0], bounds[1], hash);
        bytes_.push_back(0);
      }
      bytes_[q] += static_cast<double>(end - start + 1);
      if (q == lastQuery_ && score > lastScore_ && rank > lastRank_ && info[MISORDERED]++ == 0) info[FIRST_MISORDERED] = info[LINE];
      lastQuery_ = q;
      lastScore_ = score;
      lastRank_ = rank;
      return NONE;
    });
  }

  /** Each query's bytes (count), in order of first line. */
  const std::vector<double>& bytes() const { return bytes_; }

  /** Starts a pass that keeps the lines of the queries whose inPass value is 1 (bytes().size() values): room for them, each query's after the last's. */
  void startPass(const uint8_t* inPass) {
    inPass_.assign(inPass, inPass + bytes_.size());
    cursors_.assign(bytes_.size(), 0);
    ends_.assign(bytes_.size(), 0);
    size_t total = 0;
    for (size_t q = 0; q < bytes_.size(); q++) {
      cursors_[q] = total;
      if (inPass_[q] == 1) total += static_cast<size_t>(bytes_[q]);
      ends_[q] = total;
    }
    grouped_.assign(total, 0);
  }

  /** Copies the lines of buf[0..length) (whole lines, as counted) whose query is in the pass to that query's place, in file order. */
  void gather(const uint8_t* buf, size_t length) {
    size_t bounds[4] = {};
    double info[INFO_SIZE] = {};
    TrecReader::forEachLine(buf, length, info, [&](size_t start, size_t end) -> int {
      if (isSkippable(buf, start, end)) return NONE;
      splitFields(buf, start, end, length, bounds, 1);
      const int32_t q = qids_.find(buf, bounds[0], bounds[1], hashBytes(buf, bounds[0], bounds[1]));
      // a query the count did not see, or a line longer than counted: the file changed since
      if (q < 0 || inPass_[q] != 1 || cursors_[q] + (end - start + 1) > ends_[q]) return NONE;
      std::memcpy(grouped_.data() + cursors_[q], buf + start, end - start);
      grouped_[cursors_[q] + (end - start)] = '\n';
      cursors_[q] += end - start + 1;
      return NONE;
    });
  }

  /** Whether the pass found every line the count did (else the file changed since). */
  bool filled() const {
    for (size_t q = 0; q < cursors_.size(); q++) {
      if (cursors_[q] != ends_[q]) return false;
    }
    return true;
  }

  /** The pass's lines, each query's together in file order, in the order of the queries' first lines. */
  const std::vector<uint8_t>& grouped() const { return grouped_; }

  /** Frees the pass's lines. */
  void release() {
    std::vector<uint8_t>().swap(grouped_);
    inPass_.clear();
    cursors_.clear();
    ends_.clear();
  }

 private:
  IdTable qids_;
  std::vector<double> bytes_;
  int32_t lastQuery_ = -1;
  double lastScore_ = 0;
  double lastRank_ = 0;
  std::vector<uint8_t> inPass_;
  /** in a pass: where each query's next line goes, and where its lines end */
  std::vector<size_t> cursors_;
  std::vector<size_t> ends_;
  std::vector<uint8_t> grouped_;
};

}  // namespace tie_eval::reader
