// The general similarity path: the blocked product against a plain double reference, and the symmetric
// streaming (each pair once) against the row-by-row one, for every metric, odd sizes and chunkings; the
// Toeplitz path of sinusoidal tables against the general one; tables with huge or tiny values.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "internal.hpp"
#include "posenc/metrics.hpp"
#include "posenc/sinusoidal.hpp"

using namespace posenc;

namespace {
std::vector<float> table_of(int64_t rows, int64_t d, uint32_t seed) {
  std::vector<float> t(static_cast<size_t>(rows * d));
  for (float& x : t) {
    seed = seed * 1664525u + 1013904223u;
    x = static_cast<float>(seed >> 8) / 16777216.0f * 2 - 1;
  }
  return t;
}

double reference(const std::vector<float>& t, int64_t d, int64_t i, int64_t j, Metric m) {
  double dot = 0, aa = 0, bb = 0, dd = 0;
  for (int64_t k = 0; k < d; ++k) {
    const double a = t[static_cast<size_t>(i * d + k)], b = t[static_cast<size_t>(j * d + k)];
    dot += a * b, aa += a * a, bb += b * b, dd += (a - b) * (a - b);
  }
  return m == Metric::dot ? dot : m == Metric::cosine ? dot / std::sqrt(aa * bb) : std::sqrt(dd);
}
}  // namespace

TEST_CASE("general similarity: blocked rows match a double reference, odd lengths and widths") {
  for (Metric m : {Metric::cosine, Metric::dot, Metric::euclidean})
    for (int64_t L : {1, 3, 7, 70})
      for (int64_t d : {1, 5, 8, 33}) {
        const SimilarityParams p{L, d, m};
        const auto t = table_of(L, d, static_cast<uint32_t>(L * 100 + d));
        std::vector<double> norms(static_cast<size_t>(L));
        REQUIRE_FALSE(similarity_norms(p, t.data(), norms.data()));
        std::vector<float> out(static_cast<size_t>(L * L));
        REQUIRE_FALSE(similarity_rows(p, t.data(), norms.data(), false, 0, L, out.data()));
        for (int64_t i = 0; i < L; ++i)
          for (int64_t j = 0; j < L; ++j)
            REQUIRE(out[static_cast<size_t>(i * L + j)] == Approx(reference(t, d, i, j, m)).margin(1e-5).epsilon(2e-6));
      }
}

TEST_CASE("symmetric similarity equals the row-by-row path (Euclidean bit for bit), in any chunks") {
  for (Metric m : {Metric::cosine, Metric::dot, Metric::euclidean})
    for (int64_t L : {1, 2, 9, 70})
      for (int64_t chunk : {1, 3, 16, 100})
        for (int64_t d : {13, 16}) {  // 16: whole vectors, the cosine and dot finish in float lanes
          const SimilarityParams p{L, d, m};
          const auto t = table_of(L, d, static_cast<uint32_t>(L + chunk));
          std::vector<double> norms(static_cast<size_t>(L));
          REQUIRE_FALSE(similarity_norms(p, t.data(), norms.data()));
          std::vector<float> rows(static_cast<size_t>(L * L)), symmetric(rows.size(), -99.f);
          similarity_rows(p, t.data(), norms.data(), false, 0, L, rows.data());
          detail::OwnedWorkspace ws(SymmetricSimilarity::workspace_bytes(p, chunk));
          SymmetricSimilarity s(p, t.data(), norms.data(), chunk, ws.get());
          for (int64_t first = 0; first < L; first += chunk)
            s.rows(first, first + chunk <= L ? chunk : L - first, symmetric.data() + first * L);
          for (size_t i = 0; i < rows.size(); ++i) {
            if (m == Metric::euclidean) REQUIRE(symmetric[i] == rows[i]);
            else REQUIRE(symmetric[i] == Approx(rows[i]).margin(1e-6).epsilon(1e-6));
          }
          for (int64_t i = 0; i < L; ++i) {
            if (m == Metric::cosine) CHECK(std::fabs(symmetric[static_cast<size_t>(i * L + i)] - 1) < 1e-6);
            if (m == Metric::euclidean) CHECK(symmetric[static_cast<size_t>(i * L + i)] == 0);
          }
        }
}

TEST_CASE("sinusoidal similarity: Toeplitz path equals the general path") {
  for (Metric metric : {Metric::cosine, Metric::dot, Metric::euclidean}) {
    SinusoidalParams t{70, 32, 10000, 40, Layout::split};
    std::vector<float> table(70 * 32);
    sinusoidal(t, table.data());
    SimilarityParams p{70, 32, metric};
    std::vector<double> norms(70);
    std::vector<float> general(70 * 70), fast(70 * 70);
    const bool wide = similarity_norms(p, table.data(), norms.data());
    similarity_rows(p, table.data(), norms.data(), wide, 0, 70, general.data());
    detail::OwnedWorkspace ws(ToeplitzSimilarity::workspace_bytes(p));
    ToeplitzSimilarity toeplitz(p, t, ws.get());
    toeplitz.rows(0, 70, fast.data());
    for (size_t i = 0; i < fast.size(); ++i) CHECK(fast[i] == Approx(general[i]).margin(2e-5));
    for (int64_t i = 1; i < 70; ++i) CHECK(fast[i * 70 + i - 1] == fast[1]);  // constant along diagonals
  }
  const float a[] = {1, 2, 2}, z[] = {0, 0, 0};
  const Comparison c = compare(a, a, 3);
  CHECK(c.dot == 9);
  CHECK(c.cosine == Approx(1.0));
  CHECK(compare(a, z, 3).cosine == 0);
  CHECK(compare(a, z, 3).euclidean == 3);
}

TEST_CASE("similarity of tables with huge or tiny values stays exact, or names the value float32 cannot hold") {
  std::vector<float> big(16, 1e20f), tiny(16, 1e-25f);
  big[8] = 2e20f;
  tiny[8] = 2e-25f;
  for (const auto* table : {&big, &tiny}) {
    const double scale = (*table)[0];
    for (Metric metric : {Metric::cosine, Metric::dot, Metric::euclidean}) {
      SimilarityParams p{2, 8, metric};
      std::vector<double> norms(2);
      std::vector<float> out(4);
      REQUIRE(similarity_norms(p, table->data(), norms.data()));
      const SimilarityOverflow overflow = similarity_rows(p, table->data(), norms.data(), true, 0, 2, out.data());
      // rows (1 x 8) and (2, 1 x 7) times `scale`: cross dot 9, norms sqrt(8) and sqrt(11), distance 1
      const double cross = metric == Metric::cosine ? 9 / std::sqrt(88.0)
                           : metric == Metric::dot  ? 9 * scale * scale
                                                    : scale;
      if (metric == Metric::dot && scale > 1) {
        // A dot of 8e40 (row 0 with itself) is beyond float32: reported, not written as infinity.
        CHECK(overflow.i == 0);
        CHECK(overflow.j == 0);
        CHECK(overflow.value == Approx(8 * scale * scale));
        continue;
      }
      CHECK_FALSE(overflow);
      // a dot of 9e-50 is below float32's smallest value: 0 is the float32 answer
      if (metric == Metric::dot) CHECK(out[1] == static_cast<float>(cross));
      else CHECK(out[1] == Approx(cross).epsilon(1e-6));
      CHECK(out[1] == out[2]);
    }
  }
  std::vector<float> ordinary(16, 0.5f);
  std::vector<double> norms(2);
  CHECK_FALSE(similarity_norms(SimilarityParams{2, 8, Metric::cosine}, ordinary.data(), norms.data()));
}
