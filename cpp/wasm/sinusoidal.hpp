// What other binding files use from sinusoidal.cpp: similarity() re-reads the options a table was made with.
#pragma once
#include "options.hpp"
#include "posenc/sinusoidal.hpp"

namespace posenc::wasm {

SinusoidalParams read_sinusoidal(Options& o);

}  // namespace posenc::wasm
