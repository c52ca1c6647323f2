#include "posenc/buffer_pool.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

namespace posenc {

BufferPool::Blocks::~Blocks() { std::free(items_); }

bool BufferPool::Blocks::reserve(size_t n) {
  if (n <= capacity_) return true;
  size_t capacity = capacity_ ? 2 * capacity_ : 16;
  while (capacity < n) capacity *= 2;
  void* items = std::realloc(items_, capacity * sizeof(Block));
  if (!items) return false;
  items_ = static_cast<Block*>(items);
  capacity_ = capacity;
  return true;
}

void BufferPool::Blocks::insert(Block* at, Block b) {
  std::memmove(at + 1, at, sizeof(Block) * static_cast<size_t>(end() - at));
  *at = b;
  ++size_;
}

void BufferPool::Blocks::erase(Block* at) {
  std::memmove(at, at + 1, sizeof(Block) * static_cast<size_t>(end() - at - 1));
  --size_;
}

BufferPool::~BufferPool() {
  for (const Block& b : live_) std::free(reinterpret_cast<void*>(b.address));
  for (const Block& b : spare_) std::free(reinterpret_cast<void*>(b.address));
}

Error BufferPool::validate_length(int64_t elements, const char* name) {
  return check_count(elements, name, kMaxOutputElements);
}

// Power-of-two classes bound what the pool can hold: at most one waiting block per class per buffer that
// was live at once, so reallocating many different sizes cannot pile up blocks.
size_t BufferPool::class_bytes(size_t bytes) {
  size_t c = 64;
  while (c < bytes) c <<= 1;
  return c;
}

// The first of `blocks` (sorted by address) that starts after `address`.
template <class Block>
static Block* after(Block* begin, Block* end, uintptr_t address) {
  return std::upper_bound(begin, end, address, [](uintptr_t a, const Block& b) { return a < b.address; });
}

float* BufferPool::allocate(int64_t elements) {
  const size_t bytes = sizeof(float) * static_cast<size_t>(elements);
  const size_t block_bytes = class_bytes(bytes);
  // Room first: a new block must fit in `live_` now and in `spare_` once freed.
  if (!live_.reserve(live_.size() + 1) || !spare_.reserve(live_.size() + spare_.size() + 1)) return nullptr;
  void* block = nullptr;
  const auto spare = std::find_if(spare_.begin(), spare_.end(), [&](const Block& b) { return b.bytes == block_bytes; });
  if (spare != spare_.end()) {
    block = reinterpret_cast<void*>(spare->address);
    spare_.erase(spare);
  } else {
    block = std::aligned_alloc(16, block_bytes);
    if (!block && spare_.size()) {  // out of memory: give the waiting blocks back and try once more
      trim();
      block = std::aligned_alloc(16, block_bytes);
    }
    if (!block) return nullptr;
  }
  std::memset(block, 0, bytes);  // like a fresh Float32Array; the tail past `bytes` is never addressable
  const uintptr_t address = reinterpret_cast<uintptr_t>(block);
  live_.insert(after(live_.begin(), live_.end(), address), {address, bytes});
  return static_cast<float*>(block);
}

bool BufferPool::release(const float* data) {
  const uintptr_t address = reinterpret_cast<uintptr_t>(data);
  Block* it = after(live_.begin(), live_.end(), address);
  if (it == live_.begin() || (--it)->address != address) return false;
  spare_.insert(spare_.end(), {address, class_bytes(it->bytes)});  // room was reserved by allocate()
  live_.erase(it);
  return true;
}

bool BufferPool::contains(const float* data, int64_t elements) const {
  if (elements < 0) return false;
  const uintptr_t begin = reinterpret_cast<uintptr_t>(data);
  const Block* it = after(live_.begin(), live_.end(), begin);
  if (it == live_.begin()) return false;
  --it;  // the live buffer starting at or before `begin`
  const uintptr_t end_of_buffer = it->address + it->bytes;
  return begin <= end_of_buffer && static_cast<uint64_t>(elements) <= (end_of_buffer - begin) / sizeof(float);
}

bool BufferPool::was_freed(const float* data) const {
  const uintptr_t at = reinterpret_cast<uintptr_t>(data);
  return std::any_of(spare_.begin(), spare_.end(), [&](const Block& b) { return at >= b.address && at < b.address + b.bytes; });
}

void BufferPool::trim() {
  for (const Block& b : spare_) std::free(reinterpret_cast<void*>(b.address));
  spare_.clear();
}

BufferPool::Usage BufferPool::usage() const {
  Usage u;
  for (const Block& b : live_) {
    ++u.live_buffers;
    u.live_bytes += static_cast<int64_t>(b.bytes);
    u.pooled_bytes += static_cast<int64_t>(class_bytes(b.bytes));
  }
  for (const Block& b : spare_) u.pooled_bytes += static_cast<int64_t>(b.bytes);
  return u;
}

}  // namespace posenc
