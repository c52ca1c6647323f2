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
// `norms` holds the length row norms (similarity_norms) when the metric is cosine.
void similarity_norms(const SimilarityParams& p, const float* table, double* norms);
void similarity_rows(const SimilarityParams& p, const float* table, const double* norms, int64_t first, int64_t count,
                     float* out);

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
