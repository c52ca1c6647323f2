// pe.compare (two vectors) and pe.similarity (every pair of rows of a table; a table made by pe.sinusoidal
// takes the Toeplitz path once it is verified bit for bit).
#include <emscripten/bind.h>

#include <cstring>
#include <optional>
#include <string>

#include "options.hpp"
#include "output.hpp"
#include "posenc/metrics.hpp"
#include "scratch.hpp"
#include "sinusoidal.hpp"

namespace posenc::wasm {
namespace {

// The most memory SymmetricSimilarity's triangle may take while a call lasts (length 2048 needs 8 MiB, 4096 needs
// 32 MiB); a longer table computes every pair of each chunk instead. Like any scratch above 8 MiB it is freed
// when the call ends, but the wasm memory it grew stays.
constexpr size_t kSymmetricWorkspaceBytes = size_t{40} << 20;

val compare_js(val a_arg, val b_arg) {
  CallScope scope;
  ArrayArg a, b;
  if (auto e = read_array(a_arg, "a", a)) return js_error(e);
  if (auto e = read_array(b_arg, "b", b)) return js_error(e);
  const int64_t n = a.length;
  if (n < 1) return js_error(range_error("a must not be empty"));
  if (auto e = check_length(b, n, "b", "the length of a")) return js_error(e);
  Error error;
  const float* va = resident_floats(g_input, a, n, "a", error);
  if (!va) return js_error(error);
  const float* vb = resident_floats(g_input2, b, n, "b", error);
  if (!vb) return js_error(error);
  const Comparison c = posenc::compare(va, vb, n);
  val result = val::object();
  result.set("dot", c.dot);
  result.set("cosine", c.cosine);
  result.set("euclidean", c.euclidean);
  return result;
}

// `sinusoidalTag` is the options object a table was made with (set by the facade for tables returned by
// sinusoidal()); the engine re-derives the table and takes the Toeplitz path only if it matches bit for bit.
bool is_sinusoidal_table(const ArrayArg& table, const val& tag, const SimilarityParams& p, SinusoidalParams& t) {
  if (tag.isUndefined() || p.d_model % 2) return false;
  Options o(tag, "");
  t = read_sinusoidal(o);
  if (o.failed() || validate(t) || t.length != p.length || t.d_model != p.d_model) return false;
  const int64_t rows = chunk_rows(t.d_model), chunk = rows * t.d_model;
  float* expected = static_cast<float*>(g_chunk.get(sizeof(float) * chunk));
  float* actual = static_cast<float*>(g_input.get(sizeof(float) * chunk));
  SinusoidalPlan* plan = plan_for(t);
  if (!plan || !expected || !actual) return false;
  for (int64_t first = 0; first < t.length; first += rows) {
    const int64_t count = first + rows <= t.length ? rows : t.length - first;
    plan->rows(first, count, expected);
    const float* rows = table.engine ? table.engine + first * t.d_model : actual;
    if (!table.engine) copy_in(table, first * t.d_model, (first + count) * t.d_model, actual);
    if (std::memcmp(expected, rows, sizeof(float) * count * t.d_model) != 0) return false;
  }
  return true;
}

val similarity_js(val table_arg, val options, val sinusoidal_tag) {
  CallScope scope;
  ArrayArg table;
  if (auto e = read_array(table_arg, "table", table)) return js_error(e);
  Options o(options, "");
  SimilarityParams p;
  p.length = o.integer("length");
  p.d_model = o.integer("dModel");
  p.metric = o.choice<Metric>("metric", Metric::cosine,
                              {{"cosine", Metric::cosine}, {"dot", Metric::dot}, {"euclidean", Metric::euclidean}});
  const val into = o.get("into");
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  if (auto e = check_length(table, p.length * p.d_model, "table", "length x dModel")) return js_error(e);
  Output<float> out(into, p.length * p.length);
  if (out.error) return js_error(out.error);
  if (out.engine && table.engine && overlaps(out.engine, p.length * p.length, table.engine, table.length))
    return js_error(range_error("into must not overlap table (both are views of one pe.buffer)"));

  SinusoidalParams t;
  if (is_sinusoidal_table(table, sinusoidal_tag, p, t)) {
    void* ws = g_extra.get(ToeplitzSimilarity::workspace_bytes(p));
    if (ws) {
      const ToeplitzSimilarity toeplitz(p, t, ws);
      return stream_rows(out, p.length, p.length,
                         [&](int64_t first, int64_t count, float* buf) { toeplitz.rows(first, count, buf); });
    }
  }
  Error error;
  const float* data = resident_floats(g_input, table, p.length * p.d_model, "table", error);
  if (!data) return js_error(error);
  double* norms = static_cast<double*>(g_extra.get(sizeof(double) * p.length));
  if (!norms) return out_of_memory("the row norms");
  const bool wide = similarity_norms(p, data, norms);
  // Each pair once (half the products), at the cost of a triangle of length^2 / 2 floats while the call lasts;
  // without the memory for it, every chunk computes all its pairs.
  const int64_t chunk = chunk_rows(p.length) < p.length ? chunk_rows(p.length) : p.length;  // stream_rows' chunks
  const size_t bytes = SymmetricSimilarity::workspace_bytes(p, chunk);
  void* ws = !wide && bytes <= kSymmetricWorkspaceBytes ? g_input2.get(bytes) : nullptr;
  std::optional<SymmetricSimilarity> symmetric;
  if (ws) symmetric.emplace(p, data, norms, chunk, ws);
  val result = stream_rows(out, p.length, p.length, [&](int64_t first, int64_t count, float* buf) {
    if (error) return;
    if (symmetric) return symmetric->rows(first, count, buf);
    if (const SimilarityOverflow o = similarity_rows(p, data, norms, wide, first, count, buf))
      error = range_error("table: the " + std::string(p.metric == Metric::dot ? "dot product" : "Euclidean distance") +
                          " of rows " + std::to_string(o.i) + " and " + std::to_string(o.j) + " is " +
                          format_number(o.value) + ", beyond float32's range (3.40282346638529e+38): scale the table down");
  });
  return error ? js_error(error) : result;
}

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_metrics) {
  emscripten::function("compare", &posenc::wasm::compare_js);
  emscripten::function("similarity", &posenc::wasm::similarity_js);
}
