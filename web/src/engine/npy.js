// NumPy's .npy format (version 1.0): a table the engine returns, with its shape and dtype, as bytes that
// np.load reads. The header is a Python dict literal padded with spaces so that the data starts on a
// 64-byte boundary, as NumPy writes it; the data is little-endian and C-ordered, as typed arrays hold it.

import { typedArrayParts, plainView, isDetached } from './typed-arrays.js';

const DESCR = new Map([
  ['Float32Array', '<f4'],
  ['Float64Array', '<f8'],
  ['Int32Array', '<i4'],
  ['Uint8Array', '|u1'],
]);
const MAX_VALUES = 2 ** 28;  // the engine's largest array

/**
 * `data` (a Float32Array, Float64Array, Int32Array, Uint8Array, or an array of numbers, written as float64)
 * with `shape` (whole numbers whose product is data.length; default [data.length]) as .npy bytes.
 */
export function toNpy(data, shape) {
  if (Array.isArray(data)) {
    if (data.length > MAX_VALUES) throw new RangeError(`toNpy: data has ${data.length} values (at most 2^28)`);
    const values = new Float64Array(data.length);
    // an index loop, not forEach: a hole ([1, , 3]) is named rather than skipped (and written as NaN)
    for (let i = 0; i < data.length; i++) {
      if (!Object.hasOwn(data, i)) throw new TypeError(`toNpy: data[${i}] is missing (a hole in the array); every entry must be a number`);
      if (typeof data[i] !== 'number') throw new TypeError(`toNpy: data[${i}] must be a number (got ${typeof data[i]})`);
      values[i] = data[i];
    }
    data = values;
  }
  // read through the intrinsic getters (typed-arrays.js): a Proxy or an impostor is not a typed array
  const parts = typedArrayParts(data);
  const descr = parts && DESCR.get(parts.type);
  if (!descr) throw new TypeError('toNpy: data must be a Float32Array, Float64Array, Int32Array, Uint8Array or an array of numbers');
  if (isDetached(parts)) throw new TypeError("toNpy: data's memory was detached (its ArrayBuffer was transferred): pass an array that still holds its values");
  data = plainView(parts);
  shape ??= [data.length];
  // Array.from: a hole is undefined and refused, not skipped by every()
  if (!Array.isArray(shape) || shape.length > 32 || !(shape = Array.from(shape)).every((n) => Number.isSafeInteger(n) && n >= 0))
    throw new TypeError('toNpy: shape must be an array of at most 32 whole numbers');
  const count = shape.reduce((a, b) => a * b, 1);
  if (count !== data.length) throw new RangeError(`toNpy: shape [${shape.join(', ')}] holds ${count} values, data has ${data.length}`);
  const tuple = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${tuple}, }`;
  const total = Math.ceil((10 + header.length + 1) / 64) * 64;  // magic 6 + version 2 + length 2, then "\n"
  header = header.padEnd(total - 10 - 1, ' ') + '\n';
  const bytes = new Uint8Array(total + data.byteLength);
  bytes.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, header.length & 0xff, header.length >> 8]);
  for (let i = 0; i < header.length; i++) bytes[10 + i] = header.charCodeAt(i);
  bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), total);
  return bytes;
}
