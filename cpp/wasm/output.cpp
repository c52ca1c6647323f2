// The checks on a call's result array (see output.hpp), compiled once for the three element types.
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

}  // namespace posenc::wasm
