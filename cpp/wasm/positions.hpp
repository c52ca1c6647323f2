// Position lists given as an option (rope.apply's positionIds): integers from 0 to 2^53 - 1, read as doubles
// so that 1.5 or NaN are errors, not truncated. Used by the generated bindings of the apply shape.
#pragma once
#include <cstdint>
#include <vector>

#include "options.hpp"

namespace posenc::wasm {

// The option `key` of o into `positions`, if given (the return value); a bad value fails o, naming key[i].
bool read_positions(Options& o, const char* key, std::vector<int64_t>& positions);

}  // namespace posenc::wasm
