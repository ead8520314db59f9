// Ids as bytes with an open-addressing hash index over them: the mirror of src/io/idTable.ts
// without its groups. The reader keeps one for the qrels' query ids, and one for the documents of
// the query it reads, cleared for the next (the run's query; the qrels' until JudgedDocs freezes it).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace tie_eval::reader {

class IdTable {
 public:
  // room for a typical query's judgements (about 17 in the in-degree setting) without regrowing
  IdTable() {
    bytes_.reserve(512);
    starts_.reserve(33);
    hashes_.reserve(32);
    slotOf_.reserve(32);
    slots_.assign(64, 0);
  }

  /** number of ids */
  int32_t size() const { return static_cast<int32_t>(hashes_.size()); }

  /** Id i's bytes: length(i) of them from bytes(i), filed under hash(i). */
  const char* bytes(int32_t i) const { return bytes_.data() + starts_[i]; }
  size_t length(int32_t i) const { return starts_[i + 1] - starts_[i]; }
  uint32_t hash(int32_t i) const { return hashes_[i]; }

  /** The index of the id spelled buf[start..end) whose hashBytes is `hash`, or -1. */
  int32_t find(const uint8_t* buf, size_t start, size_t end, uint32_t hash) const {
    const size_t mask = slots_.size() - 1;
    for (size_t s = hash & mask;; s = (s + 1) & mask) {
      const int32_t entry = slots_[s];
      if (entry == 0) return -1;
      const int32_t id = entry - 1;
      if (hashes_[id] == hash && equals(id, buf, start, end)) return id;
    }
  }

  /** Adds buf[start..end) (hash as hashBytes gives it; not already present: see find) and returns its index. */
  int32_t add(const uint8_t* buf, size_t start, size_t end, uint32_t hash) {
    const int32_t id = size();
    if (2 * (static_cast<size_t>(id) + 1) > slots_.size()) rehash(2 * slots_.size());
    bytes_.append(reinterpret_cast<const char*>(buf + start), end - start);
    starts_.push_back(static_cast<uint32_t>(bytes_.size()));
    hashes_.push_back(hash);
    slotOf_.push_back(0);
    place(id);
    return id;
  }

  /** Empties the table in time proportional to its size, keeping its memory for reuse. */
  void clear() {
    for (const uint32_t s : slotOf_) slots_[s] = 0;
    bytes_.clear();
    starts_.resize(1);
    hashes_.clear();
    slotOf_.clear();
  }

 private:
  /** id i is bytes_[starts_[i] .. starts_[i + 1]) */
  std::string bytes_;
  std::vector<uint32_t> starts_{0};
  std::vector<uint32_t> hashes_;
  /** the slot each id sits in, so that clear() empties only the used slots */
  std::vector<uint32_t> slotOf_;
  /** id + 1, or 0 for an empty slot; at most half full */
  std::vector<int32_t> slots_;

  bool equals(int32_t id, const uint8_t* buf, size_t start, size_t end) const {
    const uint32_t at = starts_[id];
    return starts_[id + 1] - at == end - start && std::memcmp(bytes_.data() + at, buf + start, end - start) == 0;
  }

  void place(int32_t id) {
    const size_t mask = slots_.size() - 1;
    size_t s = hashes_[id] & mask;
    while (slots_[s] != 0) s = (s + 1) & mask;
    slots_[s] = id + 1;
    slotOf_[id] = static_cast<uint32_t>(s);
  }

  void rehash(size_t capacity) {
    slots_.assign(capacity, 0);
    for (int32_t id = 0; id < size(); id++) place(id);
  }
};

}  // namespace tie_eval::reader
