// The checks on a call's result array and the streaming of its rows (see output.hpp), compiled once per element type.
#include "output.hpp"

#include <string>
#include <type_traits>

namespace posenc::wasm {

template <class T>
Output<T>::Output(const val& into, int64_t elements) {
  if (into.isUndefined() || into.isNull()) {
    // Made by the facade's newTypedArray: null (not a thrown exception) when the JS heap refuses it.
    array = val::module_property("newTypedArray")(std::string(JsType<T>::name), static_cast<double>(elements));
    if (array.isNull())
      error = range_error("not enough memory for a result of " + std::to_string(elements) + " elements");
  } else if (is_buffer_ref(into)) {
    ArrayArg target;
    if (!std::is_same_v<T, float>)
      error = type_error(std::string("into must be an ") + JsType<T>::name +
                         " outside engine memory (got a pe.buffer or a view of engine memory; pe.buffers hold float32)");
    else if (!(error = read_array(into, "into", target)) && target.length != elements)
      error = range_error("into must have length " + std::to_string(elements) + " (got " +
                          std::to_string(target.length) + ")");
    if (!error) engine = reinterpret_cast<T*>(target.engine);
  } else if (!into.instanceof(val::global(JsType<T>::name))) {
    error = type_error(std::string("into must be a ") + JsType<T>::name + " (got " + describe(into) + ")");
  } else if (length_of(into) != elements) {
    error = range_error("into must have length " + std::to_string(elements) + " (got " +
                        std::to_string(length_of(into)) + ")");
  } else {
    array = into;
  }
}

template struct Output<float>;
template struct Output<int32_t>;
template struct Output<double>;

template <class T>
val stream_rows(Output<T>& out, int64_t rows, int64_t row_elements, FillRows<T> fill, void* context) {
  const int64_t per_chunk = chunk_rows(row_elements);
  const int64_t chunk = per_chunk < rows ? per_chunk : rows;
  if (out.engine) {  // a pe.buffer: filled in place, in the same chunks (so with the same values)
    for (int64_t first = 0; first < rows; first += chunk)
      fill(context, first, first + chunk <= rows ? chunk : rows - first, out.engine + first * row_elements);
    return out.array;
  }
  T* buffer = static_cast<T*>(g_chunk.get(sizeof(T) * static_cast<size_t>(chunk * row_elements)));
  if (!buffer) return out_of_memory("the output chunk");
  // One view of the chunk serves every full chunk: nothing allocates in the loop, so memory cannot grow
  // under it.
  const val view(typed_memory_view(static_cast<size_t>(chunk * row_elements), buffer));
  for (int64_t first = 0; first < rows; first += chunk) {
    const int64_t count = first + chunk <= rows ? chunk : rows - first;
    fill(context, first, count, buffer);
    if (count == chunk) out.array.template call<void>("set", view, static_cast<double>(first * row_elements));
    else out.write(first * row_elements, buffer, count * row_elements);
  }
  return out.array;
}

template val stream_rows<float>(Output<float>&, int64_t, int64_t, FillRows<float>, void*);
template val stream_rows<int32_t>(Output<int32_t>&, int64_t, int64_t, FillRows<int32_t>, void*);

}  // namespace posenc::wasm
