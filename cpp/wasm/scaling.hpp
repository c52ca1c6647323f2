// `scaling` (transformers' rope_scaling keys, camelCase), read by pe.rope.* and by the trainer's evaluation.
#pragma once
#include <vector>

#include "options.hpp"
#include "posenc/rope.hpp"

namespace posenc::wasm {

// The `scaling` object of o (absent: no scaling); factor arrays are kept in `storage`.
RopeScaling read_scaling(Options& o, std::vector<double> (&storage)[2]);

}  // namespace posenc::wasm
