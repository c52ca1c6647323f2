#include <catch2/catch.hpp>

#include <cstdint>

#include "posenc/buffer_pool.hpp"

using namespace posenc;

TEST_CASE("buffer pool: blocks are zeroed, aligned and bounded by their live range") {
  BufferPool pool;
  float* a = pool.allocate(10);
  REQUIRE(a != nullptr);
  CHECK(reinterpret_cast<uintptr_t>(a) % 16 == 0);
  for (int i = 0; i < 10; ++i) CHECK(a[i] == 0.f);
  CHECK(pool.contains(a, 10));
  CHECK(pool.contains(a + 3, 7));
  CHECK(pool.contains(a + 10, 0));
  CHECK_FALSE(pool.contains(a, 11));      // past the requested length, even though the block is larger
  CHECK_FALSE(pool.contains(a + 4, 7));
  CHECK_FALSE(pool.contains(a - 1, 2));   // starts before the buffer
  CHECK_FALSE(pool.contains(a, -1));
  CHECK(pool.usage().live_buffers == 1);
  CHECK(pool.usage().live_bytes == 40);
}

TEST_CASE("buffer pool: freed blocks are reused for their size class, never shared while live") {
  BufferPool pool;
  float* a = pool.allocate(100);
  a[0] = 7.f;
  float* b = pool.allocate(100);
  CHECK(a != b);
  CHECK(pool.release(a));
  CHECK_FALSE(pool.release(a));      // twice
  CHECK_FALSE(pool.release(b + 1));  // not the start of a buffer
  CHECK_FALSE(pool.contains(a, 1));  // freed memory is no longer addressable
  float* c = pool.allocate(120);     // same 512-byte class: the freed block comes back, zeroed
  CHECK(c == a);
  CHECK(c[0] == 0.f);
  const auto before = pool.usage().pooled_bytes;
  for (int round = 0; round < 50; ++round) {  // churn through sizes: the pool stays bounded
    float* d = pool.allocate(1 + round * 37);
    REQUIRE(d != nullptr);
    CHECK(pool.release(d));
  }
  CHECK(pool.usage().pooled_bytes <= before + 8192 * 2);
  CHECK(pool.usage().live_buffers == 2);
}

TEST_CASE("buffer pool: lengths are validated") {
  CHECK(BufferPool::validate_length(0, "length"));
  CHECK(BufferPool::validate_length(kMaxOutputElements + 1, "length"));
  CHECK_FALSE(BufferPool::validate_length(1, "length"));
  CHECK(BufferPool::validate_length(-5, "length").message.find("length") == 0);
}

TEST_CASE("buffer pool: freed blocks are recognised until trim() hands them back") {
  BufferPool pool;
  float* a = pool.allocate(1000);
  float* b = pool.allocate(10);
  CHECK_FALSE(pool.was_freed(a));
  CHECK(pool.release(a));
  CHECK(pool.was_freed(a));
  CHECK(pool.was_freed(a + 999));
  CHECK_FALSE(pool.was_freed(b));
  const auto held = pool.usage().pooled_bytes;
  pool.trim();
  CHECK_FALSE(pool.was_freed(a));
  CHECK(pool.usage().pooled_bytes == held - 4096);
  CHECK(pool.contains(b, 10));  // live buffers are untouched
}
