#include "posenc/buffer_pool.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

namespace posenc {

BufferPool::~BufferPool() {
  for (auto& [address, bytes] : live_) std::free(reinterpret_cast<void*>(address));
  for (auto& [bytes, block] : spare_) std::free(block);
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

// The first live buffer starting after `address`.
template <class Live>
static auto after(Live& live, uintptr_t address) {
  return std::upper_bound(live.begin(), live.end(), address, [](uintptr_t a, const auto& e) { return a < e.first; });
}

float* BufferPool::allocate(int64_t elements) {
  const size_t bytes = sizeof(float) * static_cast<size_t>(elements);
  const size_t block_bytes = class_bytes(bytes);
  void* block = nullptr;
  const auto spare = std::find_if(spare_.begin(), spare_.end(), [&](const auto& e) { return e.first == block_bytes; });
  if (spare != spare_.end()) {
    block = spare->second;
    spare_.erase(spare);
  } else {
    block = std::aligned_alloc(16, block_bytes);
    if (!block && !spare_.empty()) {  // out of memory: give the waiting blocks back and try once more
      trim();
      block = std::aligned_alloc(16, block_bytes);
    }
    if (!block) return nullptr;
  }
  std::memset(block, 0, bytes);  // like a fresh Float32Array; the tail past `bytes` is never addressable
  const uintptr_t address = reinterpret_cast<uintptr_t>(block);
  live_.insert(after(live_, address), {address, bytes});
  return static_cast<float*>(block);
}

bool BufferPool::release(const float* data) {
  const uintptr_t address = reinterpret_cast<uintptr_t>(data);
  auto it = after(live_, address);
  if (it == live_.begin() || (--it)->first != address) return false;
  spare_.emplace_back(class_bytes(it->second), reinterpret_cast<void*>(address));
  live_.erase(it);
  return true;
}

bool BufferPool::contains(const float* data, int64_t elements) const {
  if (elements < 0) return false;
  const uintptr_t begin = reinterpret_cast<uintptr_t>(data);
  auto it = after(live_, begin);
  if (it == live_.begin()) return false;
  --it;  // the live buffer starting at or before `begin`
  const uintptr_t end_of_buffer = it->first + it->second;
  return begin <= end_of_buffer && static_cast<uint64_t>(elements) <= (end_of_buffer - begin) / sizeof(float);
}

bool BufferPool::was_freed(const float* data) const {
  const uintptr_t at = reinterpret_cast<uintptr_t>(data);
  return std::any_of(spare_.begin(), spare_.end(), [&](const auto& e) {
    const uintptr_t begin = reinterpret_cast<uintptr_t>(e.second);
    return at >= begin && at < begin + e.first;
  });
}

void BufferPool::trim() {
  for (auto& [bytes, block] : spare_) std::free(block);
  spare_.clear();
}

BufferPool::Usage BufferPool::usage() const {
  Usage u;
  for (auto& [address, bytes] : live_) {
    ++u.live_buffers;
    u.live_bytes += static_cast<int64_t>(bytes);
    u.pooled_bytes += static_cast<int64_t>(class_bytes(bytes));
  }
  for (auto& [bytes, block] : spare_) u.pooled_bytes += static_cast<int64_t>(bytes);
  return u;
}

}  // namespace posenc
