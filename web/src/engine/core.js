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
// would strand the embind handles they hold). Typed arrays pass by reference; plain arrays and option
// objects (and `scaling` inside them) are flattened to plain copies.
function plain(value, depth = 0) {
  if (Array.isArray(value)) return Array.from(value);
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > 1) return value;
  const copy = {};
  for (const key of Object.keys(value)) copy[key] = plain(value[key], depth + 1);
  return copy;
}

function unwrap(result) {
  if (result instanceof Error) throw result;
  return result;
}

const SINUSOIDAL_KEYS = ['length', 'dModel', 'base', 'offset', 'layout'];

export function createApi(module, simd) {
  // Tables returned by sinusoidal() remember how they were made; similarity() hands that to the engine,
  // which verifies the table bit for bit before using the O(L*d + L^2) Toeplitz path.
  const madeBy = new WeakMap();
  const api = {
    simd,
    build: module.simdName(),
    sinusoidal(options) {
      const o = plain(options);
      const table = unwrap(module.sinusoidal(o));
      madeBy.set(table, Object.fromEntries(SINUSOIDAL_KEYS.map((k) => [k, o[k]])));
      return table;
    },
    frequencies: (options) => unwrap(module.frequencies(plain(options))),
    learned: (options) => unwrap(module.learned(plain(options))),
    compare: (a, b) => unwrap(module.compare(plain(a), plain(b))),
    similarity: (table, options) =>
      unwrap(module.similarity(plain(table), plain(options), (table && typeof table === 'object' && madeBy.get(table)) || undefined)),
    rope: Object.freeze({
      invFreq: (options) => unwrap(module.ropeInvFreq(plain(options))),
      apply: (x, options) => unwrap(module.ropeApply(plain(x), plain(options))),
    }),
    alibi: Object.freeze({
      slopes: (heads) => unwrap(module.alibiSlopes(heads)),
      bias: (options) => unwrap(module.alibiBias(plain(options))),
    }),
    t5: Object.freeze({
      bucket: (relativePosition, options) => unwrap(module.t5Bucket(relativePosition, plain(options))),
      buckets: (options) => unwrap(module.t5Buckets(plain(options))),
    }),
    positionIds: (ids, options) => unwrap(module.positionIds(plain(ids), plain(options))),
    attention: (options) => unwrap(module.attention(plain(options))),
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
