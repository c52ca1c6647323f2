// What several test files share: seeded test data.
#pragma once

#include <cstdint>
#include <vector>

#include "posenc/learned.hpp"

namespace posenc::testing {

// n seeded Normal(0, 1) floats: a row of the learned table.
inline std::vector<float> noise(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  LearnedParams p{1, static_cast<int64_t>(n), seed, 1.0};
  learned_row(p, 0, v.data());
  return v;
}

}  // namespace posenc::testing
