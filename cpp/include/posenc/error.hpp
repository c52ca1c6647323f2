// Validation results. Kernels never throw: every public entry point has a validate_* function that
// returns an Error naming the offending parameter (kind mirrors the JS error class it becomes), and
// checked wrappers (posenc::check) that throw posenc::RangeError / posenc::TypeError for C++ callers.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace posenc {

enum class ErrorKind { none, range, type };

struct Error {
  ErrorKind kind = ErrorKind::none;
  std::string message;
  explicit operator bool() const { return kind != ErrorKind::none; }
};

inline Error range_error(std::string message) { return {ErrorKind::range, std::move(message)}; }
inline Error type_error(std::string message) { return {ErrorKind::type, std::move(message)}; }

struct RangeError : std::range_error { using std::range_error::range_error; };
struct TypeError : std::invalid_argument { using std::invalid_argument::invalid_argument; };

// Throws the C++ exception matching e (no-op when e is empty).
void check(const Error& e);

// Limits, enforced before anything is allocated. Outputs are streamed to the caller in chunks, so only
// the caller's memory bounds them; inputs that must sit in engine memory at once are bounded separately.
inline constexpr int64_t kMaxOutputElements = int64_t{1} << 28;  // 1 GiB of float32
inline constexpr int64_t kMaxResidentElements = int64_t{1} << 26;  // 256 MiB input held at once
inline constexpr int64_t kMaxDim = int64_t{1} << 20;               // dModel, headDim, length of a vector
inline constexpr int64_t kMaxPosition = (int64_t{1} << 53) - 1;    // largest exactly representable position
inline constexpr int64_t kMaxHeads = 4096;
inline constexpr int64_t kMaxAttentionLength = 4096;

// A number for messages, close to how JavaScript prints it (1, 0.5, 1e-300; 15 significant digits):
// std::to_string would say 1.000000, and 0.000000 for 1e-300.
std::string format_number(double value);

// Shared checks; `name` is the parameter as the JS API spells it.
Error check_count(int64_t value, const char* name, int64_t max);      // 1 <= value <= max
Error check_finite(double value, const char* name);
Error check_product(int64_t a, int64_t b, int64_t c, const char* what, int64_t max);  // a*b*c <= max
// Names the first NaN or infinity (a float32 conversion of a number beyond its range) as name[base_index + i].
Error check_finite_values(const float* data, int64_t count, int64_t base_index, const std::string& name);

}  // namespace posenc
