// The judged documents of a qrels file, query by query, in arrays every query shares: a query's
// documents are appended to them as its lines are read, indexed meanwhile in one reused table
// (for the duplicate check), and when the lines move on the query gets its own small
// open-addressing index over them. So reading a qrels file allocates nothing per query and copies
// no document twice (the allocations and first touches of one table per query cost more than the
// parsing), and a run's lookups stay within one query's few slots. A query the file comes back to
// after another keeps a table of its own from then on.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "fileRoom.hpp"
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
    const bool isNew = group == queries();
    if (isNew) slices_.push_back(Slice{static_cast<uint32_t>(hashes_.size())});
    open_ = group;
    Slice& slice = slices_[group];
    if (isNew || slice.live >= 0) return;
    // a query met again moves to a table of its own for good (a file that switches queries at
    // every line would otherwise copy them back and forth)
    slice.live = static_cast<int32_t>(live_.size());
    live_.emplace_back();
    Live& query = live_.back();
    for (uint32_t id = slice.first; id < slice.first + slice.count; id++) {
      query.table.add(reinterpret_cast<const uint8_t*>(bytes_.data()), starts_[id], starts_[id + 1], hashes_[id]);
      query.labels.push_back(labels_[id]);
      query.lines.push_back(lines_[id]);
    }
  }

  /** Makes room for `scale` times the queries, documents and index slots held so far (see FileRoom). */
  void reserve(double scale) {
    reserveScaled(slices_, scale);
    reserveScaled(bytes_, scale);
    reserveScaled(starts_, scale);
    reserveScaled(hashes_, scale);
    reserveScaled(labels_, scale);
    reserveScaled(lines_, scale);
    reserveScaled(slots_, scale);
  }

  /** The file line of document buf[start..end) (`hash` as hashBytes gives it) in the query being read, or -1 when it is not there. */
  double lineOf(const uint8_t* buf, size_t start, size_t end, uint32_t hash) const {
    const Slice& slice = slices_[open_];
    if (slice.live >= 0) {
      const Live& query = live_[slice.live];
      const int32_t id = query.table.find(buf, start, end, hash);
      return id < 0 ? -1 : query.lines[id];
    }
    const uint32_t id = findIn(reading_.data(), static_cast<uint32_t>(reading_.size() - 1), buf, start, end, hash);
    return id == 0 ? -1 : lines_[id - 1];
  }

  /** Adds document buf[start..end) (not in the query yet: see lineOf) to the query being read. */
  void add(const uint8_t* buf, size_t start, size_t end, uint32_t hash, int32_t label, double line) {
    const Slice& slice = slices_[open_];
    if (slice.live >= 0) {
      Live& query = live_[slice.live];
      query.table.add(buf, start, end, hash);
      query.labels.push_back(label);
      query.lines.push_back(line);
      return;
    }
    const uint32_t id = static_cast<uint32_t>(hashes_.size());
    bytes_.append(reinterpret_cast<const char*>(buf + start), end - start);
    starts_.push_back(static_cast<uint32_t>(bytes_.size()));
    hashes_.push_back(hash);
    labels_.push_back(label);
    lines_.push_back(line);
    // the reading index at most half full: regrown over the query's documents so far
    const uint32_t count = id + 1 - slice.first;
    if (2 * count > reading_.size()) {
      reading_.assign(2 * reading_.size(), 0);
      for (uint32_t other = slice.first; other < id; other++) place(reading_.data(), static_cast<uint32_t>(reading_.size() - 1), other);
    }
    readingSlots_.push_back(place(reading_.data(), static_cast<uint32_t>(reading_.size() - 1), id));
  }

  /** Freezes the query being read, if any: call before the lookups. */
  void freeze() {
    if (open_ < 0 || slices_[open_].live >= 0) {
      open_ = -1;
      return;
    }
    Slice& slice = slices_[open_];
    slice.count = static_cast<uint32_t>(hashes_.size()) - slice.first;
    uint32_t capacity = 2;
    while (capacity < 2 * slice.count) capacity *= 2;
    slice.slots = static_cast<uint32_t>(slots_.size());
    slice.mask = capacity - 1;
    slots_.resize(slots_.size() + capacity, 0);
    for (uint32_t id = slice.first; id < slice.first + slice.count; id++) place(slots_.data() + slice.slots, slice.mask, id);
    // empty the reading index: the slots this query filled, or all of one it regrew (back to its first size)
    if (reading_.size() > READING_SLOTS) reading_.assign(READING_SLOTS, 0);
    else
      for (const uint32_t at : readingSlots_) reading_[at] = 0;
    readingSlots_.clear();
    open_ = -1;
  }

  /** The label of document buf[start..end) in frozen query `group`, or -1 when the query does not judge it. */
  int32_t label(int32_t group, const uint8_t* buf, size_t start, size_t end, uint32_t hash) const {
    const Slice& slice = slices_[group];
    if (slice.live >= 0) {
      const Live& query = live_[slice.live];
      const int32_t id = query.table.find(buf, start, end, hash);
      return id < 0 ? -1 : query.labels[id];
    }
    if (slice.count == 0) return -1;
    const uint32_t id = findIn(slots_.data() + slice.slots, slice.mask, buf, start, end, hash);
    return id == 0 ? -1 : labels_[id - 1];
  }

  /** The labels of frozen query `group`, in file order: count(group) of them from labels(group). */
  const int32_t* labels(int32_t group) const {
    const Slice& slice = slices_[group];
    return slice.live >= 0 ? live_[slice.live].labels.data() : labels_.data() + slice.first;
  }
  uint32_t count(int32_t group) const {
    const Slice& slice = slices_[group];
    return slice.live >= 0 ? static_cast<uint32_t>(live_[slice.live].labels.size()) : slice.count;
  }

 private:
  /** a frozen query: documents first..first+count-1, index slots slots..slots+mask; or its live_ table */
  struct Slice {
    uint32_t first = 0;
    uint32_t count = 0;
    uint32_t slots = 0;
    uint32_t mask = 0;
    int32_t live = -1;
  };
  /** a query's documents in a table of their own, with labels and lines by id */
  struct Live {
    IdTable table;
    std::vector<int32_t> labels;
    std::vector<double> lines;
  };
  std::vector<Slice> slices_;
  /** the queries met again after another */
  std::vector<Live> live_;
  // frozen documents: id i is bytes_[starts_[i] .. starts_[i + 1]) with its hash, label and line
  std::string bytes_;
  std::vector<uint32_t> starts_{0};
  std::vector<uint32_t> hashes_;
  std::vector<int32_t> labels_;
  std::vector<double> lines_;
  /** id + 1, or 0 for an empty slot; each query's region at most half full */
  std::vector<uint32_t> slots_;
  /** the query being read (-1: none); the first time round, its index (id + 1, or 0; a power of two of slots) and the slots it filled */
  int32_t open_ = -1;
  static constexpr size_t READING_SLOTS = 64;
  std::vector<uint32_t> reading_ = std::vector<uint32_t>(READING_SLOTS, 0);
  std::vector<uint32_t> readingSlots_;

  /** Files document `id` in the index at `slots` (mask + 1 slots, id + 1 in each filled one); returns its slot. */
  uint32_t place(uint32_t* slots, uint32_t mask, uint32_t id) const {
    uint32_t s = hashes_[id] & mask;
    while (slots[s] != 0) s = (s + 1) & mask;
    slots[s] = id + 1;
    return s;
  }

  /** The id + 1 of document buf[start..end) (`hash` as hashBytes gives it) in the index at `slots`, or 0. */
  uint32_t findIn(const uint32_t* slots, uint32_t mask, const uint8_t* buf, size_t start, size_t end, uint32_t hash) const {
    for (uint32_t s = hash & mask;; s = (s + 1) & mask) {
      const uint32_t entry = slots[s];
      if (entry == 0) return 0;
      const uint32_t id = entry - 1;
      if (hashes_[id] == hash && starts_[id + 1] - starts_[id] == end - start && std::memcmp(bytes_.data() + starts_[id], buf + start, end - start) == 0) return entry;
    }
  }
};

}  // namespace tie_eval::reader
