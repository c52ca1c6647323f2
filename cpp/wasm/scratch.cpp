// Scratch memory shared by the binding files (see scratch.hpp).
#include "scratch.hpp"

#include <cstdlib>
#include <initializer_list>
#include <optional>

namespace posenc::wasm {

BufferPool g_buffers;
Buffer g_workspace, g_chunk, g_input, g_input2, g_input3, g_extra;

namespace {

Buffer g_plan_space;
// The last sinusoidal plan, kept between calls: widgets ask for the same (dModel, base) table at other
// offsets or lengths on every frame, and the plan's setup (16 x dModel/2 sin/cos) is the expensive part.
std::optional<SinusoidalPlan> g_plan;

}  // namespace

void* Buffer::get(size_t bytes) {
  if (bytes <= capacity) return data;
  std::free(data);
  // 16-byte alignment for the SIMD loads; malloc returns nullptr (no abort) when memory cannot grow, and
  // then the freed pe.buffer blocks the pool keeps are handed back for one more try.
  data = std::aligned_alloc(16, (bytes + 15) & ~size_t{15});
  if (!data) {
    g_buffers.trim();
    data = std::aligned_alloc(16, (bytes + 15) & ~size_t{15});
  }
  capacity = data ? bytes : 0;
  return data;
}

void Buffer::release_if_larger(size_t bytes) {
  if (capacity > bytes) {
    std::free(data);
    data = nullptr;
    capacity = 0;
  }
}

CallScope::~CallScope() {
  for (Buffer* b : {&g_workspace, &g_chunk, &g_input, &g_input2, &g_input3, &g_extra}) b->release_if_larger(8u << 20);
  if (g_plan_space.capacity > (8u << 20)) {
    g_plan.reset();
    g_plan_space.release_if_larger(8u << 20);
  }
}

SinusoidalPlan* plan_for(const SinusoidalParams& p) {
  if (g_plan && g_plan->serves(p)) {
    g_plan->retarget(p);
    return &*g_plan;
  }
  g_plan.reset();
  void* ws = g_plan_space.get(SinusoidalPlan::workspace_bytes(p.d_model));
  if (!ws) return nullptr;
  g_plan.emplace(p, ws);
  return &*g_plan;
}

}  // namespace posenc::wasm
