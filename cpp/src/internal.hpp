// Small helpers shared by the implementation files (not part of the public headers).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

// Code-size hints for clang, which builds the wasm modules (they have size budgets, see README "Sizes"): loops that
// run once per row or value need not be unrolled or vectorized, nor such functions optimized for speed. Other
// compilers (the native builds) ignore them.
#if defined(__clang__)
#define POSENC_NO_UNROLL _Pragma("clang loop unroll(disable)")
#define POSENC_PLAIN_LOOP _Pragma("clang loop vectorize(disable) unroll(disable)")
#define POSENC_MINSIZE __attribute__((minsize))
#else
#define POSENC_NO_UNROLL
#define POSENC_PLAIN_LOOP
#define POSENC_MINSIZE
#endif

namespace posenc::detail {

// Steele, Lea and Flood's splitmix64: the engine's seeded streams (learned tables, training data).
inline uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

inline size_t round16(size_t bytes) { return (bytes + 15) & ~size_t{15}; }

// Carves 16-byte aligned arrays out of a caller-provided workspace.
struct Carver {
  unsigned char* at;
  template <class T>
  T* take(int64_t count) {
    T* p = reinterpret_cast<T*>(at);
    at += round16(sizeof(T) * static_cast<size_t>(count));
    return p;
  }
};

// Owned 16-byte aligned bytes, used only by the checked convenience wrappers for native callers.
struct OwnedWorkspace {
  explicit OwnedWorkspace(size_t bytes) : raw(new unsigned char[bytes + 16]) {}
  void* get() { return reinterpret_cast<void*>((reinterpret_cast<uintptr_t>(raw.get()) + 15) & ~uintptr_t{15}); }
  std::unique_ptr<unsigned char[]> raw;
};

}  // namespace posenc::detail
