// Reads a JS options object for one call: numbers, integers, booleans, named values and array arguments,
// each type- and range-checked with a message naming the key. The first problem found is kept and later
// reads become no-ops; finish() then also rejects keys the call never read, suggesting the option meant.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "marshal.hpp"

namespace posenc::wasm {

class Options {
 public:
  // `prefix` names a nested object in messages ("scaling"); missing is an error unless `allow_missing`.
  Options(val obj, std::string prefix, bool allow_missing = false);

  bool failed() const { return static_cast<bool>(error_); }
  const Error& error() const { return error_; }
  void fail(Error e) {
    if (!error_) error_ = std::move(e);
  }
  std::string name(const std::string& key) const { return prefix_.empty() ? key : prefix_ + "." + key; }
  val get(const char* key) {
    read_.push_back(key);
    return failed() ? val::undefined() : val(obj_[key]);
  }
  // The verdict once every option has been read: the first error, else a key that is not an option (a
  // transformers config pasted as is, or a typo, would otherwise be ignored and give quietly wrong numbers).
  Error finish();

  std::optional<double> optional_number(const char* key);
  std::optional<double> optional_integer(const char* key);
  double number(const char* key, std::optional<double> fallback = std::nullopt);
  int64_t integer(const char* key, std::optional<int64_t> fallback = std::nullopt);
  int64_t checked_integer(double x, const std::string& what);
  bool boolean(const char* key, bool fallback);
  template <class E>
  E choice(const char* key, std::optional<E> fallback, std::initializer_list<std::pair<const char*, E>> options) {
    val v = get(key);
    std::string expected;
    for (auto& [label, value] : options) expected += (expected.empty() ? "'" : ", '") + std::string(label) + "'";
    if (failed()) return options.begin()->second;
    if (v.isUndefined() && fallback) return *fallback;
    if (!v.isString()) {
      fail(type_error(name(key) + " must be one of " + expected + " (got " + describe(v) + ")"));
      return options.begin()->second;
    }
    const std::string s = v.as<std::string>();
    for (auto& [label, value] : options)
      if (s == label) return value;
    fail(range_error(name(key) + " must be one of " + expected + " (got '" + s + "')"));
    return options.begin()->second;
  }
  // An array, typed array or pe.buffer; absent (present() false) when missing and optional.
  ArrayArg array(const char* key, bool required);

 private:
  bool known(const char* key) const;
  const char* suggest(const std::string& key) const;

  val obj_;
  std::string prefix_;
  Error error_;
  std::vector<const char*> read_;  // every key looked up, in order: the options this call takes
};

}  // namespace posenc::wasm
