#include "posenc/buffer_pool.hpp"

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

float* BufferPool::allocate(int64_t elements) {
  const size_t bytes = sizeof(float) * static_cast<size_t>(elements);
  const size_t block_bytes = class_bytes(bytes);
  void* block = nullptr;
  if (auto it = spare_.find(block_bytes); it != spare_.end()) {
    block = it->second;
    spare_.erase(it);
  } else {
    block = std::aligned_alloc(16, block_bytes);
    if (!block) return nullptr;
  }
  std::memset(block, 0, bytes);  // like a fresh Float32Array; the tail past `bytes` is never addressable
  live_.emplace(reinterpret_cast<uintptr_t>(block), bytes);
  return static_cast<float*>(block);
}

bool BufferPool::release(const float* data) {
  const auto it = live_.find(reinterpret_cast<uintptr_t>(data));
  if (it == live_.end()) return false;
  spare_.emplace(class_bytes(it->second), reinterpret_cast<void*>(it->first));
  live_.erase(it);
  return true;
}

bool BufferPool::contains(const float* data, int64_t elements) const {
  if (elements < 0) return false;
  const uintptr_t begin = reinterpret_cast<uintptr_t>(data);
  auto it = live_.upper_bound(begin);
  if (it == live_.begin()) return false;
  --it;  // the live buffer starting at or before `begin`
  const uintptr_t end_of_buffer = it->first + it->second;
  return begin <= end_of_buffer && static_cast<uint64_t>(elements) <= (end_of_buffer - begin) / sizeof(float);
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
