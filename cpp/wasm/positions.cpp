// Position lists given as an option: see positions.hpp.
#include "positions.hpp"

#include <cmath>
#include <string>

namespace posenc::wasm {
namespace {

Error positions_from(const ArrayArg& ids, const std::string& name, std::vector<int64_t>& positions) {
  if (auto e = check_plain_elements(ids, name, "isInteger")) return e;
  if (ids.length > kMaxOutputElements) return range_error(name + " has too many values");
  std::vector<double> values(static_cast<size_t>(ids.length));
  if (ids.length) copy_in(ids, 0, ids.length, values.data());
  positions.resize(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    const double v = values[i];
    if (!(v >= 0 && v <= static_cast<double>(kMaxPosition) && v == std::floor(v)))
      return range_error(name + "[" + std::to_string(i) + "] must be an integer from 0 to 2^53 - 1 (got " + format_number(v) + ")");
    positions[i] = static_cast<int64_t>(v);
  }
  return {};
}

}  // namespace

bool read_positions(Options& o, const char* key, std::vector<int64_t>& positions) {
  const ArrayArg ids = o.array(key, false);
  if (o.failed() || !ids.present()) return false;
  positions.reserve(1);  // data() is not null even for an empty list: given, and then a length error
  o.fail(positions_from(ids, o.name(key), positions));
  return true;
}

}  // namespace posenc::wasm
