import { ropeFromConfig, applyOptionsFromConfig, ropeOfLayer } from './config.js';
import { positionFromConfig } from './methods.js';
import { mropeApply, mropePositionIds } from './mrope.js';
import { toNpy } from './npy.js';
import { cosSin, precision, lengthOfPositions } from './precision.js';
import { REF_KEY, bufferSupport } from './buffers.js';
import { plainView, typedArrayParts, isDetached } from './typed-arrays.js';
import { trainApi } from './train.js';
import { CALLS } from './calls.js';

// The engine facade shared by the Node and browser entry points: picks and instantiates a build,
// and exposes the documented API. Argument checking and errors come from the engine itself
// (the embind layer in cpp/wasm/ returns RangeError/TypeError objects, thrown here).

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
// would strand the embind handles they hold) and no caller code runs inside an engine call (where it could
// re-enter the engine). Typed arrays become plain views of the same memory, remembered in
// `call.originals` so an `into` comes back as the caller's own object; pe.buffers and views of engine
// memory become refs; arrays and objects, down to the values inside `scaling`, become plain copies (options
// read as a caller expects: own and inherited properties, class getters included); whatever the engine
// could only describe in an error becomes an inert stand-in.
function plain(value, call, depth = 0, name = undefined) {
  const ref = call.toRef(value);
  if (ref) return ref;
  const parts = typedArrayParts(value);
  if (parts) {
    // a detached array would reach the engine as an empty one ("must have length 16 (got 0)"): say what happened
    if (isDetached(parts)) throw new TypeError(`${name ?? 'an array argument'}: its memory was detached (its ArrayBuffer was transferred or the memory it viewed grew); pass an array that still holds its values`);
    const view = plainView(parts);
    call.originals.set(view, value);
    return view;
  }
  if (Array.isArray(value)) {
    // No valid input is this long; a sparse stand-in of the same length still gets the engine's named error.
    if (value.length > MAX_ELEMENTS) return new Array(value.length);
    // copied by index, stopping at the first hole: a sparse array of 2^24 took Array.from 6 s to walk, and a hole
    // is never a valid element
    const copy = [];
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) throw new TypeError(`${name === undefined ? `an array argument has a hole at index ${i}` : `${name}[${i}] is missing (a hole in the array)`}; every entry must be a number`);
      copy.push(inert(value[i]));
    }
    return copy;
  }
  if (typeof value !== 'object' || value === null) return inert(value);
  const copy = {};
  // defined, not assigned: an own `__proto__` key stays a key (the engine names it as an unknown option)
  for (const key of optionKeys(value))
    if (key !== REF_KEY) Object.defineProperty(copy, key, { value: depth < 2 ? plain(value[key], call, depth + 1, name === undefined ? key : `${name}.${key}`) : inert(value[key]), enumerable: true, writable: true, configurable: true });
  return copy;
}

const MAX_ELEMENTS = 2 ** 28;  // the engine's largest array (kMaxOutputElements)
const STAND_IN = Object.freeze(function standIn() {});

// A value the engine will at most describe ("got object"): primitives as they are, anything else a fresh
// stand-in of the same kind, which runs no caller code when looked at.
function inert(value) {
  if (typeof value === 'function') return STAND_IN;
  if (typeof value !== 'object' || value === null) return value;
  try {
    return Array.isArray(value) ? [] : {};
  } catch {
    return {};  // a revoked Proxy
  }
}

// The prototypes whose getters are the language's, not an option's: read on a Proxy of a typed array, say, they
// would throw the engine's "called on incompatible receiver"; such a value is described by its own keys.
const TYPED = Object.getPrototypeOf(Uint8Array.prototype);
const BUILT_IN = new Set([Object.prototype, Array.prototype, Function.prototype, ArrayBuffer.prototype, TYPED, ...[Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array].map((C) => C.prototype)]);

// Own and inherited property names, non-enumerable ones and class getters included; a class's `constructor`
// is left out, but an own `constructor` or `__proto__` key (`{ constructor: … }`, JSON's "__proto__") is the
// caller's and is kept, so that it is named as what it is rather than silently dropped.
function optionKeys(value) {
  const keys = new Set();
  for (let o = value; o !== null && !BUILT_IN.has(o); o = Object.getPrototypeOf(o))
    for (const key of Object.getOwnPropertyNames(o)) if (o === value || (key !== 'constructor' && key !== '__proto__')) keys.add(key);
  return keys;
}

function unwrap(result) {
  if (result instanceof Error) throw result;
  return result;
}

const SINUSOIDAL_KEYS = ['length', 'dModel', 'base', 'offset', 'layout'];

// `module` holds the embind functions, each named after the API member it serves with `_` for the namespace
// dot (pe.rope.invFreq calls module.rope_invFreq; CONTRIBUTING.md, "wasm bindings", lists the exceptions).
export function createApi(module, simd) {
  const buffers = bufferSupport(module);
  // Fresh result arrays are made through this, so an allocation the JS heap refuses becomes the engine's
  // RangeError rather than an exception thrown through its C++ frames.
  module.newTypedArray = (type, length) => {
    try {
      return new (type === 'Int32Array' ? Int32Array : type === 'Float64Array' ? Float64Array : Float32Array)(length);
    } catch {
      return null;
    }
  };
  // One engine call: `flat` prepares its arguments, `result` turns what the engine returned into what the
  // caller gets: its own `into` object back, or for a pe.buffer filled in place (the engine returns
  // nothing) the buffer or a current view of it.
  const engineCall = () => {
    const call = { toRef: buffers.ref, originals: new Map() };
    return {
      flat: (value) => plain(value, call),
      result(value, o) {
        const r = unwrap(value);
        return r === undefined ? buffers.filled(o.into) : (call.originals.get(r) ?? r);
      },
    };
  };
  // fn(...args) with every argument flattened, for results that are never an `into`.
  const plainCall = (fn, args) => {
    const { flat } = engineCall();
    return unwrap(fn(...args.map(flat)));
  };
  // fn(...inputs, options) for functions that take `into`.
  const withInto = (fn, inputs, options) => {
    const { flat, result } = engineCall();
    const args = inputs.map(flat);
    const o = flat(options);
    return result(fn(...args, o), o);
  };
  // The calls that hand their arguments straight to the engine, made from the table scripts/gen-schema.mjs
  // writes from schema.js (calls.js): fn(...inputs, options) on the embind function named after the path, an
  // `into` given back as the caller's object. Namespaces ('t5.buckets') come back frozen.
  const tableCalls = () => {
    const made = {};
    for (const [path, inputs, options, into] of CALLS) {
      const fn = module[path.replace('.', '_')];
      const call = (...args) => {
        args.length = inputs + (options ? 1 : 0);  // exactly the arguments the binding takes, missing ones undefined
        return into ? withInto(fn, args.slice(0, inputs), args[inputs]) : plainCall(fn, args);
      };
      const [ns, name] = path.split('.');
      if (name) (made[ns] ??= {})[name] = call;
      else made[ns] = call;
    }
    for (const value of Object.values(made)) if (typeof value === 'object') Object.freeze(value);
    return made;
  };
  // Tables returned by sinusoidal() remember how they were made; similarity() hands that to the engine,
  // which verifies the table bit for bit before using the O(L*d + L^2) Toeplitz path.
  const madeBy = new WeakMap();
  const invFreq = (options) => plainCall(module.rope_invFreq, [options]);
  // [frequencies, own options] for rope.cosSin and rope.precision: the RoPE options or a config (and its
  // layer), and `own`. Dynamic NTK and LongRoPE are sized by the positions asked for (`length`), as rope.apply
  // sizes them, unless a seqLen is given.
  const frequenciesFor = (options, own, length, call) => {
    if (options === null || typeof options !== 'object') throw new TypeError('options must be an object');
    const mine = {};
    const rope = {};
    // read as every call reads options: own and inherited properties, class getters included
    for (const key of optionKeys(options)) (own.includes(key) ? mine : rope)[key] = options[key];
    const { config, layer, ...rest } = rope;
    if (config === undefined) {
      if (layer !== undefined) throw new TypeError(`${call}: layer is an option with config only`);
      const scaling = rest.scaling && typeof rest.scaling === 'object' ? { ...rest.scaling } : rest.scaling;
      if (scaling && scaling.seqLen === undefined && length(mine) !== undefined) scaling.seqLen = length(mine);
      return [invFreq(scaling ? { ...rest, scaling } : rest), mine];
    }
    if (rest.seqLen === undefined && length(mine) !== undefined) rest.seqLen = length(mine);
    return [ropeOfLayer(ropeFromConfig(invFreq, config, rest), layer, call), mine];
  };
  const applyRope = (x, options) => {
    if (options?.config === undefined) return withInto(module.rope_apply, [x], options);
    const [o, rope] = applyOptionsFromConfig(invFreq, options);
    if (rope.mropeSection) return mropeApply((opts) => withInto(module.rope_apply, [x], opts), o, rope);
    return withInto(module.rope_apply, [x], o);
  };
  const api = {
    simd,
    build: module.build(),
    sinusoidal(options) {
      const { flat, result } = engineCall();
      const o = flat(options);
      const table = result(module.sinusoidal(o), o);
      madeBy.set(table, Object.fromEntries(SINUSOIDAL_KEYS.map((k) => [k, o[k]])));
      return table;
    },
    ...tableCalls(),
    similarity(table, options) {
      const tag = (table && typeof table === 'object' && madeBy.get(table)) || undefined;
      return withInto((t, o) => module.similarity(t, o, tag), [table], options);
    },
    rope: Object.freeze({
      invFreq,
      apply: applyRope,
      fromConfig: (config, options) => ropeFromConfig(invFreq, config, options),
      cosSin: (options) => cosSin(...frequenciesFor(options, ['positions', 'dtype', 'convention'], (o) => lengthOfPositions(o.positions), 'rope.cosSin')),
      precision: (options) => precision(...frequenciesFor(options, ['dtype', 'from', 'to'], (o) => (Number.isSafeInteger(o.to) && o.to >= 0 ? o.to + 1 : undefined), 'rope.precision')),
      mropePositionIds,
    }),
    fromConfig: (config) => positionFromConfig(api, config),
    // a build without the trainer's bindings (load() rather than load({ train: true })) has no train_create
    train: trainApi(module, plainCall, typeof module.train_create === 'function'),
    buffer: (length) => buffers.create(engineCall().flat(length)),
    toNpy,
    diagnostics: () => module.diagnostics(),
  };
  return Object.freeze(api);
}

// load() for an environment: `readWasm(variant, train)` gives the bytes of a build ('simd' or 'scalar', with
// the trainer when `train`), `importGlue(variant, train)` the factory; `compileWasm(variant, train)`, where
// given, the compiled module instead of the bytes (the browser compiles the wasm while it downloads, rather
// than after: on a slow phone that is time the first widget waits less). `oneBuild`: the builds given carry
// the trainer whatever `train` asks (the entries that inline the wasm), so load() and load({ train: true })
// share one instance.
export function makeLoader({ readWasm, importGlue, compileWasm = null, oneBuild = false }) {
  const instances = new Map();
  // async: a bad option is a rejected promise like every other failure, not a throw at the call
  return async function load(options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('load options must be an object');
    for (const key of Object.keys(options))
      if (key !== 'simd' && key !== 'train') throw new TypeError(`load options.${key} is not an option (the options are simd and train)`);
    const { simd } = options;
    if (simd !== undefined && typeof simd !== 'boolean')
      throw new TypeError(`load options.simd must be a boolean (got ${typeof simd})`);
    if (options.train !== undefined && typeof options.train !== 'boolean')
      throw new TypeError(`load options.train must be a boolean (got ${typeof options.train})`);
    const train = oneBuild || options.train === true;
    const supported = simdSupported();
    if (simd === true && !supported) throw new RangeError('load options.simd: this engine has no WebAssembly SIMD');
    const variant = simd ?? supported ? 'simd' : 'scalar';
    const key = `${variant}${train ? '+train' : ''}`;
    if (!instances.has(key)) {
      const instance = (async () => {
        const wasm = compileWasm ? compileWasm(variant, train).catch((err) => Promise.reject(err instanceof WebAssembly.CompileError ? loadError(err) : err)) : readWasm(variant, train);
        const [factory, wasmBinary] = await Promise.all([importGlue(variant, train), wasm]);
        try {
          return createApi(await (compileWasm ? instantiate(factory, wasmBinary) : factory({ wasmBinary })), variant === 'simd');
        } catch (err) {
          throw loadError(err);
        }
      })();
      instance.catch(() => instances.delete(key));  // a failed load can be retried
      instances.set(key, instance);
    }
    return instances.get(key);
  };
}

/**
 * The glue's module around a wasm module compiled already (Emscripten's instantiateWasm hook); a failed
 * instantiation rejects (the glue would only log it and never resolve).
 */
function instantiate(factory, compiled) {
  return new Promise((resolve, reject) => {
    const instantiateWasm = (imports, receive) => {
      WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled), reject);
      return {};
    };
    factory({ instantiateWasm }).then(resolve, reject);
  });
}

/** Emscripten's abort text, made readable; a page whose CSP blocks WebAssembly is told the fix. */
function loadError(err) {
  const text = String(err?.message ?? err).replace(/\. Build with -s ASSERTIONS=1 for more info\.?$/, '').replace(/^Aborted\((.*)\)$/s, '$1');
  if (/Content Security Policy|unsafe-eval/i.test(text))
    return new Error("WebAssembly is blocked by this page's Content Security Policy: add 'wasm-unsafe-eval' to its script-src", { cause: err });
  return new Error(`the WebAssembly engine could not start: ${text}`, { cause: err });
}
