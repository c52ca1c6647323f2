// Float32 buffers whose memory the caller holds views of (pe.buffer in JS): kernels read and write them in
// place, with no copy in or out. Freed blocks wait for the next buffer of their size class instead of going
// back to malloc, so a view kept after free() writes into buffer memory, not into the engine's own
// allocations or malloc's bookkeeping. Only when memory runs out are they handed back (trim()).
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "posenc/error.hpp"

namespace posenc {

class BufferPool {
 public:
  BufferPool() = default;
  BufferPool(const BufferPool&) = delete;
  BufferPool& operator=(const BufferPool&) = delete;
  ~BufferPool();

  // `elements` must be 1..kMaxOutputElements (RangeError naming `name` otherwise).
  static Error validate_length(int64_t elements, const char* name);
  // A zeroed, 16-byte aligned block of `elements` floats (valid length), or nullptr when memory cannot grow.
  float* allocate(int64_t elements);
  // Returns a live buffer to the pool; false (and nothing changes) unless `data` starts a live buffer.
  bool release(const float* data);
  // True when [data, data + elements) lies inside one live buffer.
  bool contains(const float* data, int64_t elements) const;
  // True when `data` lies in a freed block the pool still holds.
  bool was_freed(const float* data) const;
  // Hands every freed block back to malloc (when an allocation would otherwise fail).
  void trim();

  struct Usage {
    int64_t live_buffers = 0;
    int64_t live_bytes = 0;    // requested bytes of live buffers
    int64_t pooled_bytes = 0;  // bytes of every block the pool owns, live or waiting
  };
  Usage usage() const;

 private:
  static size_t class_bytes(size_t bytes);  // the block size serving `bytes`: a power of two, at least 64
  // Sorted vectors rather than maps: a handful of buffers is the norm, and the tree code costs wasm bytes.
  std::vector<std::pair<uintptr_t, size_t>> live_;  // (start address, requested bytes), sorted by address
  std::vector<std::pair<size_t, void*>> spare_;     // (class bytes, freed block)
};

}  // namespace posenc
