// The one place where widgets obtain the engine. Widgets never compute encodings themselves: every number
// they draw comes from the object this resolves to (the facade of web/src/engine).
//
// This module imports no engine itself: the entry a page loads says where the engine comes from. The ES
// module (posenc/widgets, the demo pages) imports ./browser-engine.js first (the wasm fetched next to the
// module), posenc/widgets/inline ./inline-engine.js (the wasm inlined). Were the fetching engine imported
// here, every bundle of posenc/widgets/inline would reach its lazy `import()` of the glue, a chunk of its own
// that a bundler writing one file (Observable Framework) refers to and never writes.

let override = null;
const pending = new Map();  // with the trainer (true) or without → the engine's promise
let source = null;  // { load, readWasm } of the entry the page loaded

/**
 * Resolves to the shared engine instance (loaded once per page): the build without the trainer, or with it
 * for `{ train: true }` (<posenc-train>). Once a page has asked for the trainer's build, every widget gets
 * that one (one engine, one download, rather than both).
 */
export function getEngine({ train = false } = {}) {
  if (override) return override;
  if (!train && pending.has(true)) return pending.get(true);
  if (!pending.has(train)) pending.set(train, train ? loaderOf().load({ train: true }) : loaderOf().load());
  return pending.get(train);
}

function loaderOf() {
  if (!source) throw new Error('posenc: no engine for the widgets (import posenc/widgets or posenc/widgets/inline, not a widget module alone)');
  return source;
}

/**
 * The wasm bytes of one build, from where the page's engine comes from ('simd' or 'scalar', with the trainer
 * when `train`): what <posenc-train> hands its worker.
 */
export const readEngineWasm = (variant, train = false) => loaderOf().readWasm(variant, train);

/**
 * Where getEngine() loads the engine from, when it first needs it: `load` (engine/browser.js's or
 * engine/inline.js's) and the `readWasm` of the same module. `fallback`: only if no entry has said yet (the
 * ES module's default, which posenc/widgets/inline, imported in the same page before or after, overrides).
 */
export function useEngineLoader(load, readWasm = null, { fallback = false } = {}) {
  if (fallback && source) return;
  source = { load, readWasm: readWasm ?? (() => Promise.reject(new Error('posenc: this engine loader gives no wasm bytes'))) };
}

/**
 * Lets a host page hand the widgets an engine it loaded itself (for example one created from an inlined
 * wasm binary). Must be called before the first widget connects to take effect everywhere.
 */
export function setEngine(engine) {
  override = Promise.resolve(engine);
}
