// Results: a fresh JS typed array, the caller's `into` (checked), or a pe.buffer written in place, filled in
// cache-sized chunks so that a large table never exists twice in memory.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "marshal.hpp"
#include "posenc/sinusoidal.hpp"

namespace posenc::wasm {

// 1 MiB of float32 per chunk. A JS array is filled by TypedArray.prototype.set, one chunk at a time, and the C
// library copies 1 MiB and more with its large-copy path: measured on Node 20 (Zen 4), 32 MiB copied out in 1 MiB
// chunks took 1.8 ms, in 128 or 512 KiB chunks 3.2 ms (a fill of the same array: 1.0 ms). The same holds for
// inputs copied in chunk by chunk (rope.apply on JS arrays).
constexpr int64_t kChunkElements = 1 << 18;

// Rows per chunk: a multiple of the rotor block so streamed tables never re-seed mid-table.
inline int64_t chunk_rows(int64_t row_elements) {
  int64_t rows = kChunkElements / row_elements;
  rows -= rows % AngleRotor::kBlock;
  return rows < AngleRotor::kBlock ? AngleRotor::kBlock : rows;
}

template <class T>
struct JsType;
template <>
struct JsType<float> { static constexpr const char* name = "Float32Array"; };
template <>
struct JsType<int32_t> { static constexpr const char* name = "Int32Array"; };
template <>
struct JsType<double> { static constexpr const char* name = "Float64Array"; };

// The result: the caller's `into` (checked), a fresh array, or a pe.buffer written in place (`engine`; then
// `array` stays undefined and the facade hands the buffer back).
template <class T>
struct Output {
  val array = val::undefined();
  T* engine = nullptr;
  Error error;
  Output(const val& into, int64_t elements);
  void write(int64_t offset, const T* data, int64_t count) {
    if (engine) std::memcpy(engine + offset, data, sizeof(T) * static_cast<size_t>(count));
    else array.call<void>("set", val(typed_memory_view(static_cast<size_t>(count), data)), static_cast<double>(offset));
  }
};
extern template struct Output<float>;
extern template struct Output<int32_t>;
extern template struct Output<double>;

// Fills rows first..first+count-1 into `buffer`: a call's kernel behind a plain function pointer and its context.
template <class T>
using FillRows = void (*)(void* context, int64_t first, int64_t count, T* buffer);

// Streams `rows` rows of `row_elements` values, produced chunk by chunk by fill(context, first, count, buffer),
// and returns the filled array (or the out-of-memory error). Compiled once per element type (output.cpp): each
// call adds only its fill.
template <class T>
val stream_rows(Output<T>& out, int64_t rows, int64_t row_elements, FillRows<T> fill, void* context);
extern template val stream_rows<float>(Output<float>&, int64_t, int64_t, FillRows<float>, void*);
extern template val stream_rows<int32_t>(Output<int32_t>&, int64_t, int64_t, FillRows<int32_t>, void*);

// The same with fill(first, count, buffer), any callable.
template <class T, class Fill>
val stream_rows(Output<T>& out, int64_t rows, int64_t row_elements, Fill&& fill) {
  using F = std::remove_reference_t<Fill>;
  const FillRows<T> call = [](void* f, int64_t first, int64_t count, T* buffer) {
    (*static_cast<F*>(f))(first, count, buffer);
  };
  return stream_rows<T>(out, rows, row_elements, call, const_cast<void*>(static_cast<const void*>(&fill)));
}

// A small result copied into a fresh JS array.
template <class T>
val to_js(const T* data, int64_t count) {
  Output<T> out(val::undefined(), count);
  out.write(0, data, count);
  return out.array;
}

}  // namespace posenc::wasm
