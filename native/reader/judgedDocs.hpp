// The judged documents of a qrels file, query by query: while a query's lines are read its
// documents sit in an IdTable (for the duplicate check); when the lines move on, the query is
// frozen into arrays every query shares, with its own small open-addressing index. So reading a
// qrels file allocates nothing per query (the allocations and first touches of one table per
// query cost more than the parsing), and a run's lookups stay within one query's few slots.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "idTable.hpp"

namespace tie_eval::reader {

class JudgedDocs {
 public:
  /** queries (groups 0..queries()-1) */
  int32_t queries() const { return static_cast<int32_t>(slices_.size()); }

  /**
   * Makes `group` the query being read (the next new group, or one read before: a qrels file
   * need not be grouped by query), freezing the one before.
   */
  void open(int32_t group) {
    freeze();
    if (group == queries()) slices_.push_back(Slice{});
    open_ = group;
    // a query met again: its documents go back to the table, and are frozen anew after the new ones
    const Slice& slice = slices_[group];
    for (uint32_t id = slice.first; id < slice.first + slice.count; id++) {
      table_.add(reinterpret_cast<const uint8_t*>(bytes_.data()), starts_[id], starts_[id + 1], hashes_[id]);
      openLabels_.push_back(labels_[id]);
      openLines_.push_back(lines_[id]);
    }
  }

  /** The file line of document buf[start..end) (`hash` as hashBytes gives it) in the query being read, or -1 when it is not there. */
  double lineOf(const uint8_t* buf, size_t start, size_t end, uint32_t hash) const {
    const int32_t id = table_.find(buf, start, end, hash);
    return id < 0 ? -1 : openLines_[id];
  }

  /** Adds document buf[start..end) (not in the query yet: see lineOf) to the query being read. */
  void add(const uint8_t* buf, size_t start, size_t end, uint32_t hash, int32_t label, double line) {
    table_.add(buf, start, end, hash);
    openLabels_.push_back(label);
    openLines_.push_back(line);
  }

  /** Freezes the query being read, if any: call before the lookups. */
  void freeze() {
    if (open_ < 0) return;
    Slice& slice = slices_[open_];
    const int32_t count = table_.size();
    slice.first = static_cast<uint32_t>(hashes_.size());
    slice.count = static_cast<uint32_t>(count);
    uint32_t capacity = 2;
    while (capacity < 2 * static_cast<uint32_t>(count)) capacity *= 2;
    slice.slots = static_cast<uint32_t>(slots_.size());
    slice.mask = capacity - 1;
    slots_.resize(slots_.size() + capacity, 0);
    for (int32_t i = 0; i < count; i++) {
      const uint32_t id = slice.first + static_cast<uint32_t>(i);
      bytes_.append(table_.bytes(i), table_.length(i));
      starts_.push_back(static_cast<uint32_t>(bytes_.size()));
      hashes_.push_back(table_.hash(i));
      labels_.push_back(openLabels_[i]);
      lines_.push_back(openLines_[i]);
      uint32_t s = table_.hash(i) & slice.mask;
      while (slots_[slice.slots + s] != 0) s = (s + 1) & slice.mask;
      slots_[slice.slots + s] = id + 1;
    }
    table_.clear();
    openLabels_.clear();
    openLines_.clear();
    open_ = -1;
  }

  /** The label of document buf[start..end) in frozen query `group`, or -1 when the query does not judge it. */
  int32_t label(int32_t group, const uint8_t* buf, size_t start, size_t end, uint32_t hash) const {
    const Slice& slice = slices_[group];
    if (slice.count == 0) return -1;
    for (uint32_t s = hash & slice.mask;; s = (s + 1) & slice.mask) {
      const uint32_t entry = slots_[slice.slots + s];
      if (entry == 0) return -1;
      const uint32_t id = entry - 1;
      if (hashes_[id] == hash && starts_[id + 1] - starts_[id] == end - start && std::memcmp(bytes_.data() + starts_[id], buf + start, end - start) == 0) return labels_[id];
    }
  }

  /** The labels of frozen query `group`, in file order: count() of them from first(). */
  const int32_t* labels(int32_t group) const { return labels_.data() + slices_[group].first; }
  uint32_t count(int32_t group) const { return slices_[group].count; }

 private:
  /** a frozen query: documents first..first+count-1, index slots slots..slots+mask */
  struct Slice {
    uint32_t first = 0;
    uint32_t count = 0;
    uint32_t slots = 0;
    uint32_t mask = 0;
  };
  std::vector<Slice> slices_;
  // frozen documents: id i is bytes_[starts_[i] .. starts_[i + 1]) with its hash, label and line
  std::string bytes_;
  std::vector<uint32_t> starts_{0};
  std::vector<uint32_t> hashes_;
  std::vector<int32_t> labels_;
  std::vector<double> lines_;
  /** id + 1, or 0 for an empty slot; each query's region at most half full */
  std::vector<uint32_t> slots_;
  // the query being read
  int32_t open_ = -1;
  IdTable table_;
  std::vector<int32_t> openLabels_;
  std::vector<double> openLines_;
};

}  // namespace tie_eval::reader
