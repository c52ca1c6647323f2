// pe.sinusoidal (the table, streamed from the cached plan) and pe.frequencies.
#include "sinusoidal.hpp"

#include <emscripten/bind.h>

#include <vector>

#include "output.hpp"
#include "scratch.hpp"

namespace posenc::wasm {

SinusoidalParams read_sinusoidal(Options& o) {
  SinusoidalParams p;
  p.length = o.integer("length");
  p.d_model = o.integer("dModel");
  p.base = o.number("base", 10000.0);
  p.offset = o.integer("offset", 0);
  p.layout = o.choice<Layout>("layout", Layout::interleaved,
                              {{"interleaved", Layout::interleaved}, {"split", Layout::split}});
  return p;
}

namespace {

val sinusoidal_js(val options) {
  CallScope scope;
  Options o(options, "");
  const SinusoidalParams p = read_sinusoidal(o);
  const val into = o.get("into");
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  Output<float> out(into, p.length * p.d_model);
  if (out.error) return js_error(out.error);
  SinusoidalPlan* plan = plan_for(p);
  if (!plan) return out_of_memory("the sinusoidal plan");
  return stream_rows(out, p.length, p.d_model,
                     [&](int64_t first, int64_t count, float* buf) { plan->rows(first, count, buf); });
}

// The angular frequency of each sin/cos pair (ceil(dModel/2) values, odd widths included): what the
// widgets show as w_i and wavelength 2*pi/w_i.
val frequencies_js(val options) {
  CallScope scope;
  Options o(options, "");
  SinusoidalParams p;
  p.length = 1;
  p.d_model = o.integer("dModel");
  p.base = o.number("base", 10000.0);
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  std::vector<double> freqs(static_cast<size_t>(sinusoidal_pairs(p.d_model)));
  for (size_t i = 0; i < freqs.size(); ++i) freqs[i] = sinusoidal_frequency(p.base, p.d_model, static_cast<int64_t>(i));
  return to_js(freqs.data(), static_cast<int64_t>(freqs.size()));
}

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_sinusoidal) {
  emscripten::function("sinusoidal", &posenc::wasm::sinusoidal_js);
  emscripten::function("frequencies", &posenc::wasm::frequencies_js);
}
