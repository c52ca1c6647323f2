// Reads a JS options object for one call: numbers, integers, booleans, named values and array arguments,
// each type- and range-checked with a message naming the key. The first problem with a value is kept and
// later reads become no-ops. finish() checks the names first: every key the call never read is reported,
// all in one message with the option each most likely meant, before any value error (a pasted
// `{ head_dim, rope_theta }` is two misnamed keys, not a missing headDim).
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
  // The raw value (read even after a failure, so that a nested object's names are still checked).
  val get(const char* key) {
    read_.push_back(key);
    return object_ ? val(obj_[key]) : val::undefined();
  }
  // The verdict once every option has been read: the keys that are not options (a transformers config
  // pasted as is, or a typo, would otherwise be ignored and give quietly wrong numbers), else the first
  // value error.
  Error finish();
  // A nested options object (scaling) once finished: its unknown keys are reported with ours.
  void adopt(Options& nested);

  std::optional<double> optional_number(const char* key);
  std::optional<double> optional_integer(const char* key);
  double number(const char* key, std::optional<double> fallback = std::nullopt);
  int64_t integer(const char* key, std::optional<int64_t> fallback = std::nullopt);
  int64_t checked_integer(double x, const std::string& what);
  // An optional count: absent gives 0 (the kernel's "same as another size"); given, it must be 1 to max.
  int64_t optional_count(const char* key, int64_t max);
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
    fail(range_error(name(key) + " must be one of " + expected + " (got '" + clipped(s) + "')"));
    return options.begin()->second;
  }
  // An array, typed array or pe.buffer; absent (present() false) when missing and optional.
  ArrayArg array(const char* key, bool required);
  // A numeric array option as doubles (plain array of numbers, typed array or pe.buffer): `size` is its length,
  // and at most `max` values are copied: a longer array has the wrong length, which validate() reports from
  // `size` before any value is read. Absent and optional: size stays 0 and `values` empty.
  void doubles(const char* key, bool required, int64_t max, std::vector<double>& values, int64_t& size);

 private:
  bool known(const char* key) const;
  const char* suggest(const std::string& key) const;

  std::string option_list() const;

  val obj_;
  std::string prefix_;
  bool object_ = false;  // obj_ is an options object (else the constructor failed)
  Error error_;
  std::vector<const char*> read_;  // every key looked up, in order: the options this call takes
  std::string unknown_;            // one sentence per key that is not an option, set by finish()
  Error nested_names_;             // a nested object's own message about its keys
  std::string nested_unknown_;     // the same sentences, and its options, to join with ours
  std::string nested_lists_;
};

}  // namespace posenc::wasm
