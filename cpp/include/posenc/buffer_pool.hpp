// Float32 buffers whose memory the caller holds views of (pe.buffer in JS): kernels read and write them in
// place, with no copy in or out. Freed blocks wait for the next buffer of their size class instead of going
// back to malloc, so a view kept after free() writes into buffer memory, not into the engine's own
// allocations or malloc's bookkeeping. Only when memory runs out are they handed back (trim()).
#pragma once
#include <cstddef>
#include <cstdint>

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
  // A block and its byte count (requested bytes while live, class bytes while waiting).
  struct Block {
    uintptr_t address;
    size_t bytes;
  };
  // A malloc-backed array: when memory is exhausted, growing it fails and is reported; std::vector would
  // abort the module instead (no exceptions in the wasm build).
  class Blocks {
   public:
    Blocks() = default;
    Blocks(const Blocks&) = delete;
    Blocks& operator=(const Blocks&) = delete;
    ~Blocks();
    bool reserve(size_t n);
    Block* begin() const { return items_; }
    Block* end() const { return items_ + size_; }
    size_t size() const { return size_; }
    void insert(Block* at, Block b);  // needs reserved room
    void erase(Block* at);
    void clear() { size_ = 0; }

   private:
    Block* items_ = nullptr;
    size_t size_ = 0, capacity_ = 0;
  };

  static size_t class_bytes(size_t bytes);  // the block size serving `bytes`: a power of two, at least 64
  Blocks live_;   // requested bytes, sorted by address
  Blocks spare_;  // class bytes; room is kept for every block the pool owns, so release() never allocates
};

}  // namespace posenc
