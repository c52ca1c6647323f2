// Comparing position vectors: dot, cosine, Euclidean; and the length x length similarity matrix of a
// table, with a Toeplitz fast path for sinusoidal tables (PE(p).PE(q) = sum_i cos((p-q) w_i)).
#pragma once
#include <cstddef>
#include <cstdint>

#include "posenc/error.hpp"
#include "posenc/sinusoidal.hpp"

namespace posenc {

struct Comparison {
  double dot, cosine, euclidean;  // cosine is 0 when either vector is all zeros
};
Comparison compare(const float* a, const float* b, int64_t n);

enum class Metric { cosine, dot, euclidean };

struct SimilarityParams {
  int64_t length = 0, d_model = 0;
  Metric metric = Metric::cosine;
};
Error validate(const SimilarityParams& p);

// Rows first..first+count-1 of the similarity matrix of `table` ([length][d_model], all resident).
// similarity_norms fills the length row norms (used by cosine) and returns whether the table is "wide":
// magnitudes whose float32 partial sums could overflow or lose precision to underflow. similarity_rows
// then works in double (as compare does), else in float SIMD lanes. A dot or Euclidean value of a wide table
// can lie beyond float32's range: similarity_rows then stops there and returns where (rows i, j) and what.
bool similarity_norms(const SimilarityParams& p, const float* table, double* norms);
struct SimilarityOverflow {
  int64_t i = -1, j = -1;
  double value = 0;
  explicit operator bool() const { return i >= 0; }
};
// `packed`, room for count x d_model floats, lets a table that is not wide take the blocked product.
SimilarityOverflow similarity_rows(const SimilarityParams& p, const float* table, const double* norms, bool wide,
                                   int64_t first, int64_t count, float* out, float* packed = nullptr);

// The same rows for a table that is not wide, each pair computed once: a chunk of rows takes the part on and
// right of its diagonal block from the blocked product, and the part left of it from a triangle in which earlier
// chunks left what they computed, transposed (S[i][j] == S[j][i] bit for bit). Chunks must come in order, from
// row 0, each starting where the previous one stopped, none longer than max_rows. The workspace holds the inverse
// row norms, a chunk's rows packed for the product, and the strict lower triangle (length (length - 1) / 2
// floats).
class SymmetricSimilarity {
 public:
  static size_t workspace_bytes(const SimilarityParams& p, int64_t max_rows);
  SymmetricSimilarity(const SimilarityParams& p, const float* table, const double* norms, int64_t max_rows,
                      void* workspace);
  void rows(int64_t first, int64_t count, float* out);

 private:
  SimilarityParams p_;
  const float* table_;
  const double* norms_;
  float* inverse_;
  float* packed_;  // a chunk's rows, four by four, step by step
  float* lower_;
};

// Sinusoidal tables with even d_model: the matrix depends on p - q only. The lag profile (length values)
// costs O(length * d_model); every row is then a copy. Odd d_model is not Toeplitz (its lone sine).
class ToeplitzSimilarity {
 public:
  static size_t workspace_bytes(const SimilarityParams& p);
  // p.d_model must be even; table parameters t describe the sinusoidal table (length/d_model match p).
  ToeplitzSimilarity(const SimilarityParams& p, const SinusoidalParams& t, void* workspace);
  void rows(int64_t first, int64_t count, float* out) const;

 private:
  SimilarityParams p_;
  float* profile_;  // value at lag 0..length-1
};

}  // namespace posenc
