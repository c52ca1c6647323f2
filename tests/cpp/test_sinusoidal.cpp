#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "internal.hpp"
#include "posenc/sinusoidal.hpp"

using namespace posenc;

namespace {
// Exact value in long double (64-bit mantissa natively; at least double under WASM).
double exact(int64_t pos, int64_t col, const SinusoidalParams& p) {
  const int64_t sines = (p.d_model + 1) / 2;
  int64_t i;
  bool is_sin;
  if (p.layout == Layout::interleaved) { i = col / 2; is_sin = col % 2 == 0; }
  else { is_sin = col < sines; i = is_sin ? col : col - sines; }
  const long double w = std::exp(-static_cast<long double>(2 * i) / p.d_model * std::log(static_cast<long double>(p.base)));
  const long double a = static_cast<long double>(pos) * w;
  return static_cast<double>(is_sin ? std::sin(a) : std::cos(a));
}

double max_error(const SinusoidalParams& p) {
  std::vector<float> t(static_cast<size_t>(p.length * p.d_model));
  sinusoidal(p, t.data());
  double worst = 0;
  for (int64_t r = 0; r < p.length; ++r)
    for (int64_t c = 0; c < p.d_model; ++c)
      worst = std::max(worst, std::fabs(t[r * p.d_model + c] - exact(p.offset + r, c, p)));
  return worst;
}
}  // namespace

TEST_CASE("sinusoidal matches the formula in both layouts, odd widths included") {
  // 50 rows: three whole blocks of positions and a partial one
  for (Layout layout : {Layout::interleaved, Layout::split})
    for (int64_t d : {1, 2, 3, 4, 5, 9, 32, 33, 130, 300, 301})  // 300+: several column chunks per block
      for (double base : {10000.0, 100.0, 2.5}) {
        SinusoidalParams p{50, d, base, 0, layout};
        CHECK(max_error(p) < 2.5e-7);
      }
}

TEST_CASE("sinusoidal stays within 2.5e-7 of the exact value at large positions") {
  for (int64_t offset : {int64_t{999000}, (int64_t{1} << 20) - 300, int64_t{1} << 24}) {
    SinusoidalParams p{300, 64, 10000, offset, Layout::interleaved};
    CHECK(max_error(p) < 2.5e-7);
  }
}

TEST_CASE("the paper's 4-wide base-100 table") {
  SinusoidalParams p{4, 4, 100, 0, Layout::interleaved};
  std::vector<float> t(16);
  sinusoidal(p, t.data());
  CHECK(t[0] == 0.0f);
  CHECK(t[1] == 1.0f);
  CHECK(t[4] == Approx(0.84147098).epsilon(1e-7));
  CHECK(t[6] == Approx(0.09983342).epsilon(1e-6));
}

TEST_CASE("sinusoidal validation names the parameter") {
  auto message = [](SinusoidalParams p) { return validate(p).message; };
  CHECK_THAT(message({0, 4}), Catch::Contains("length"));
  CHECK_THAT(message({4, 0}), Catch::Contains("dModel"));
  CHECK(message({4, 4, 1.0}) == "base must be greater than 1 (got 1)");  // numbers as JS prints them
  CHECK(format_number(0.5) == "0.5");
  CHECK(format_number(1e-300) == "1e-300");
  CHECK(format_number(0.1) == "0.1");
  CHECK(format_number(1234567.0) == "1234567");
  CHECK(format_number(9007199254740992.0) == "9007199254740992");  // 2^53, a whole number, as JS prints it
  CHECK(format_number(std::nan("")) == "NaN");
  CHECK(format_number(-HUGE_VAL) == "-Infinity");
  // C's %.0f and %.15g, natively and in the wasm builds (which format in JavaScript, cpp/src/error.cpp)
  CHECK(format_number(1152921504606846976.0) == "1152921504606846976");  // 2^60: every digit, not JS's ...847000
  CHECK(format_number(-0.0) == "-0");
  CHECK(format_number(1e21) == "1e+21");
  CHECK(format_number(1180591620717411303424.0) == "1.18059162071741e+21");
  CHECK(format_number(3.4028234663852886e38) == "3.40282346638529e+38");
  CHECK(format_number(-2.5) == "-2.5");
  CHECK(format_number(5e-324) == "4.94065645841247e-324");
  CHECK(format_number(1e-5) == "1e-05");
  CHECK(format_number(1e-4) == "0.0001");
  CHECK(format_number(0.00012345678901234567) == "0.000123456789012346");
  CHECK(format_number(123456789012345.6) == "123456789012346");
  CHECK(format_number(1000000000000000.5) == "1e+15");
  CHECK(format_number(-1.5e-7) == "-1.5e-07");
  CHECK(format_number(12345.678901234567) == "12345.6789012346");
  CHECK(format_number(99999999999999.98) == "100000000000000");
  CHECK(format_number(0.30000000000000004) == "0.3");
  CHECK_THAT(message({4, 4, std::nan("")}), Catch::Contains("base"));
  CHECK_THAT(message({4, 4, 10000, -1}), Catch::Contains("offset"));
  CHECK_THAT(message({int64_t{1} << 20, int64_t{1} << 20}), Catch::Contains("length x dModel"));
  CHECK_THROWS_AS(sinusoidal({0, 4}, nullptr), RangeError);
}

TEST_CASE("streaming a table in chunks gives the same bits as one pass") {
  SinusoidalParams p{200, 48, 10000, 12345, Layout::interleaved};
  std::vector<float> whole(200 * 48), chunked(200 * 48);
  sinusoidal(p, whole.data());
  detail::OwnedWorkspace ws(SinusoidalPlan::workspace_bytes(p.d_model));
  SinusoidalPlan plan(p, ws.get());
  for (int64_t first = 0; first < 200; first += 32) plan.rows(first, std::min<int64_t>(32, 200 - first), chunked.data() + first * 48);
  CHECK(whole == chunked);
}
