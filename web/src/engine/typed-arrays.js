// Typed arrays as the engine sees them: read through the intrinsic getters captured when this module loads,
// so an own `length`, a subclass's `set` or `subarray`, or a getter that calls back into the engine is never
// reached from inside an engine call (where it could re-enter the engine, or throw through its C++ frames).

const proto = Object.getPrototypeOf(Uint8Array.prototype);
const getter = (key) => Object.getOwnPropertyDescriptor(proto, key).get;
const tagOf = getter(Symbol.toStringTag);  // the real element type name; undefined for anything else
const bufferOf = getter('buffer');
const byteOffsetOf = getter('byteOffset');
const lengthOf = getter('length');
const CONSTRUCTORS = Object.fromEntries(
  [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array]
    .concat(typeof BigInt64Array === 'function' ? [BigInt64Array, BigUint64Array] : [])
    .map((C) => [C.name, C]),
);

/** { type, buffer, byteOffset, length } of a real typed array (subclasses included); undefined otherwise. */
export function typedArrayParts(value) {
  const type = typeof value === 'object' && value !== null ? tagOf.call(value) : undefined;
  if (type === undefined) return undefined;
  return { type, buffer: bufferOf.call(value), byteOffset: byteOffsetOf.call(value), length: lengthOf.call(value) };
}

/** A fresh, plain view of the same memory (an empty one when that memory was detached). */
export function plainView({ type, buffer, byteOffset, length }) {
  const C = CONSTRUCTORS[type];
  try {
    return new C(buffer, byteOffset, length);
  } catch {
    return new C(0);
  }
}

/** Whether a typed array's memory was detached (transferred, or a wasm memory that grew): no view can be made of it. */
export function isDetached({ buffer }) {
  try {
    new Uint8Array(buffer, 0, 0);
    return false;
  } catch {
    return true;
  }
}
