// Reading a JS options object (see options.hpp).
#include "options.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace posenc::wasm {

namespace {

size_t edit_distance(const std::string& a, const std::string& b) {
  if (a.size() > 40 || b.size() > 40) return 99;  // option names are short
  size_t row[41];
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      const size_t replace = diagonal + (a[i - 1] != b[j - 1]);
      row[j] = std::min(std::min(row[j], row[j - 1]) + 1, replace);
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

Options::Options(val obj, std::string prefix, bool allow_missing) : obj_(std::move(obj)), prefix_(std::move(prefix)) {
  const bool missing = obj_.isUndefined() || obj_.isNull();
  if (missing && allow_missing) obj_ = val::object();
  else if (missing || obj_.typeOf().as<std::string>() != "object" || is_array_like(obj_) || is_buffer_ref(obj_))
    fail(type_error((prefix_.empty() ? std::string("options") : prefix_) + " must be an object (got " +
                    describe(obj_) + ")"));
  object_ = !failed();
}

std::string Options::option_list() const {
  std::string list;
  for (size_t k = 0; k < read_.size(); ++k) {
    if (k) list += ", ";
    list += read_[k];
  }
  return list;
}

Error Options::finish() {
  if (!object_) return error_;
  const val keys = val::global("Object").call<val>("keys", obj_);
  const int n = keys["length"].as<int>();
  int named = 0;
  for (int i = 0; i < n; ++i) {
    const std::string key = keys[i].as<std::string>();
    // inherited methods of an options class are copied too; no option takes a function
    if (known(key.c_str()) || obj_[key].typeOf().as<std::string>() == "function") continue;
    // a short message whatever the object holds: five unknown keys named, each clipped
    if (++named > 5) {
      if (named == 6) unknown_ += " …";
      continue;
    }
    // appended piece by piece: each `a + b` temporary costs wasm bytes
    if (!unknown_.empty()) unknown_ += ' ';
    unknown_ += name(clipped(key));
    unknown_ += " is not an option";
    if (const char* hint = suggest(key)) {
      unknown_ += "; did you mean ";
      unknown_ += name(hint);
      unknown_ += '?';
    }
  }
  if (unknown_.empty()) return nested_names_ ? nested_names_ : error_;
  std::string m = unknown_;
  if (!nested_unknown_.empty()) {
    m += ' ';
    m += nested_unknown_;
  }
  m += " (the options here are ";
  m += option_list();
  m += nested_lists_;
  m += ')';
  return type_error(std::move(m));
}

void Options::adopt(Options& nested) {
  const Error e = nested.finish();
  if (nested.unknown_.empty()) return fail(e);
  nested_names_ = e;
  nested_unknown_ = nested.unknown_;
  nested_lists_ = "; in " + nested.prefix_ + ": " + nested.option_list();
}

std::optional<double> Options::optional_number(const char* key) {
  val v = get(key);
  if (failed() || v.isUndefined()) return std::nullopt;
  if (!v.isNumber()) {
    fail(type_error(name(key) + " must be a number (got " + describe(v) + ")"));
    return std::nullopt;
  }
  const double x = v.as<double>();
  if (!std::isfinite(x)) {
    fail(range_error(name(key) + " must be a finite number (got " + describe(v) + ")"));
    return std::nullopt;
  }
  return x;
}

std::optional<double> Options::optional_integer(const char* key) {
  const std::optional<double> x = optional_number(key);
  if (x) checked_integer(*x, name(key));
  return failed() ? std::nullopt : x;
}

int64_t Options::optional_count(const char* key, int64_t max) {
  const std::optional<double> x = optional_integer(key);
  if (!x) return 0;
  if (!(*x >= 1 && *x <= static_cast<double>(max)))
    fail(range_error(name(key) + " must be an integer from 1 to " + std::to_string(max) + " (got " + format_number(*x) + ")"));
  return failed() ? 0 : static_cast<int64_t>(*x);
}

double Options::number(const char* key, std::optional<double> fallback) {
  if (auto x = optional_number(key)) return *x;
  if (!failed() && !fallback) fail(type_error(name(key) + " must be a number (got undefined)"));
  return fallback.value_or(0);
}

int64_t Options::integer(const char* key, std::optional<int64_t> fallback) {
  const std::optional<double> x = optional_number(key);
  if (!x) {
    if (!failed() && !fallback) fail(type_error(name(key) + " must be an integer (got undefined)"));
    return fallback.value_or(0);
  }
  return checked_integer(*x, name(key));
}

int64_t Options::checked_integer(double x, const std::string& what) {
  if (x != std::floor(x) || std::fabs(x) > 9007199254740991.0) {
    fail(range_error(what + " must be an integer (got " + format_number(x) + ")"));
    return 0;
  }
  return static_cast<int64_t>(x);
}

bool Options::boolean(const char* key, bool fallback) {
  val v = get(key);
  if (failed() || v.isUndefined()) return fallback;
  if (v.typeOf().as<std::string>() != "boolean") {
    fail(type_error(name(key) + " must be a boolean (got " + describe(v) + ")"));
    return fallback;
  }
  return v.as<bool>();
}

ArrayArg Options::array(const char* key, bool required) {
  ArrayArg a;
  val v = get(key);
  if (failed() || (v.isUndefined() && !required)) return a;
  if (auto e = read_array(v, name(key), a)) fail(e);
  return a;
}

void Options::doubles(const char* key, bool required, int64_t max, std::vector<double>& values, int64_t& size) {
  const ArrayArg a = array(key, required);
  if (failed() || !a.present()) return;
  if (auto e = check_plain_elements(a, name(key), "isFinite")) return fail(e);
  size = a.length;
  values.resize(static_cast<size_t>(size < max ? size : max));
  if (!values.empty()) copy_in(a, 0, static_cast<int64_t>(values.size()), values.data());
}

bool Options::known(const char* key) const {
  for (const char* k : read_)
    if (std::strcmp(k, key) == 0) return true;
  return false;
}

// The option a misspelt key most likely meant: transformers' snake_case name in camelCase (rope_type and
// rope_theta are spelt type and base here), else the closest name within two edits; null if none.
const char* Options::suggest(const std::string& key) const {
  std::string camel;
  for (size_t i = 0; i < key.size(); ++i)
    camel += key[i] == '_' && i + 1 < key.size() && key[i + 1] >= 'a' && key[i + 1] <= 'z' ? key[++i] - 'a' + 'A' : key[i];
  if (camel == "ropeType") camel = "type";
  if (camel == "ropeTheta") camel = "base";
  const char* best = nullptr;
  size_t best_distance = 3;
  for (const char* k : read_) {
    if (camel == k) return k;
    const size_t d = edit_distance(key, k);
    if (d < best_distance) best_distance = d, best = k;
  }
  return best;
}

}  // namespace posenc::wasm
