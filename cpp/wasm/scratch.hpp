// Engine memory the bindings keep between calls: scratch buffers that grow to the largest input seen (and are
// released after a call that needed more than 8 MiB), the pe.buffer pool, and the last sinusoidal plan.
#pragma once
#include <cstddef>

#include "posenc/buffer_pool.hpp"
#include "posenc/sinusoidal.hpp"

namespace posenc::wasm {

// Buffers handed to JS by pe.buffer().
extern BufferPool g_buffers;

// Engine-side buffers, reused across calls (large ones are released after the call: see CallScope).
struct Buffer {
  void* data = nullptr;
  size_t capacity = 0;
  // 16-byte aligned room for `bytes`, or nullptr when memory cannot grow.
  void* get(size_t bytes);
  void release_if_larger(size_t bytes);
};
extern Buffer g_workspace, g_chunk, g_input, g_input2, g_input3, g_extra;

// Keeps steady-state memory small: buffers above 8 MiB are returned when the call ends. Every exported
// function that uses scratch memory opens one.
struct CallScope {
  ~CallScope();
};

// A plan for p (valid), reused when dModel and base match the previous one; nullptr when out of memory.
SinusoidalPlan* plan_for(const SinusoidalParams& p);

}  // namespace posenc::wasm
