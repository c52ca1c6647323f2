import { bufferSupport } from './buffers.js';

// The engine facade shared by the Node and browser entry points: picks and instantiates a build,
// and exposes the documented API. Argument checking and errors come from the engine itself
// (cpp/wasm/bindings.cpp returns RangeError/TypeError objects, thrown here).

// The smallest module using a v128 instruction (as in wasm-feature-detect): validates only with SIMD.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

export function simdSupported() {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

// Everything the caller passes is read here, in JS, before the engine sees it: a getter that throws or a
// Proxy trap fails on this side, so no JS exception ever unwinds through the engine's C++ frames (which
// would strand the embind handles they hold). Typed arrays pass by reference; pe.buffers and views of
// engine memory become refs (`toRef`); plain arrays and objects, down to the values inside `scaling`,
// become plain copies.
function plain(value, toRef, depth = 0) {
  const ref = toRef(value);
  if (ref) return ref;
  if (Array.isArray(value)) return Array.from(value);
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  const copy = {};
  for (const key of Object.keys(value)) copy[key] = depth < 2 ? plain(value[key], toRef, depth + 1) : value[key];
  return copy;
}

function unwrap(result) {
  if (result instanceof Error) throw result;
  return result;
}

const SINUSOIDAL_KEYS = ['length', 'dModel', 'base', 'offset', 'layout'];

export function createApi(module, simd) {
  const buffers = bufferSupport(module);
  const flat = (value) => plain(value, buffers.ref);
  // A pe.buffer (or view of one) given as `into` is filled in place and the engine returns nothing: the
  // caller gets its buffer (or a current view) back.
  const result = (value, o) => (value === undefined ? buffers.filled(o.into) : unwrap(value));
  const withInto = (call, options) => {
    const o = flat(options);
    return result(call(o), o);
  };
  // Tables returned by sinusoidal() remember how they were made; similarity() hands that to the engine,
  // which verifies the table bit for bit before using the O(L*d + L^2) Toeplitz path.
  const madeBy = new WeakMap();
  const api = {
    simd,
    build: module.simdName(),
    sinusoidal(options) {
      const o = flat(options);
      const table = result(module.sinusoidal(o), o);
      madeBy.set(table, Object.fromEntries(SINUSOIDAL_KEYS.map((k) => [k, o[k]])));
      return table;
    },
    frequencies: (options) => unwrap(module.frequencies(flat(options))),
    learned: (options) => withInto(module.learned, options),
    compare: (a, b) => unwrap(module.compare(flat(a), flat(b))),
    similarity(table, options) {
      const tag = (table && typeof table === 'object' && madeBy.get(table)) || undefined;
      const t = flat(table);
      return withInto((o) => module.similarity(t, o, tag), options);
    },
    rope: Object.freeze({
      invFreq: (options) => unwrap(module.ropeInvFreq(flat(options))),
      apply(x, options) {
        const input = flat(x);
        return withInto((o) => module.ropeApply(input, o), options);
      },
    }),
    alibi: Object.freeze({
      slopes: (heads) => unwrap(module.alibiSlopes(heads)),
      bias: (options) => withInto(module.alibiBias, options),
    }),
    t5: Object.freeze({
      bucket: (relativePosition, options) => unwrap(module.t5Bucket(relativePosition, flat(options))),
      buckets: (options) => withInto(module.t5Buckets, options),
    }),
    positionIds(ids, options) {
      const input = flat(ids);
      return withInto((o) => module.positionIds(input, o), options);
    },
    attention: (options) => unwrap(module.attention(flat(options))),
    buffer: (length) => buffers.create(length),
    diagnostics: () => module.diagnostics(),
  };
  return Object.freeze(api);
}

// load() for an environment: `readWasm(variant)` gives the bytes, `importGlue(variant)` the factory.
export function makeLoader({ readWasm, importGlue }) {
  const instances = new Map();
  return function load(options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('load options must be an object');
    const { simd } = options;
    if (simd !== undefined && typeof simd !== 'boolean')
      throw new TypeError(`load options.simd must be a boolean (got ${typeof simd})`);
    const supported = simdSupported();
    if (simd === true && !supported) throw new RangeError('load options.simd: this engine has no WebAssembly SIMD');
    const variant = simd ?? supported ? 'simd' : 'scalar';
    if (!instances.has(variant)) {
      const instance = (async () => {
        const [factory, wasmBinary] = await Promise.all([importGlue(variant), readWasm(variant)]);
        const module = await factory({ wasmBinary });
        return createApi(module, variant === 'simd');
      })();
      instance.catch(() => instances.delete(variant));  // a failed load can be retried
      instances.set(variant, instance);
    }
    return instances.get(variant);
  };
}
