// The one place where widgets obtain the engine. Widgets never compute encodings themselves: every number
// they draw comes from the object this resolves to (the facade of web/src/engine).

import { load } from '../engine/browser.js';

let override = null;
const pending = new Map();  // with the trainer (true) or without → the engine's promise
let loader = load;

/**
 * Resolves to the shared engine instance (loaded once per page): the build without the trainer, or with it
 * for `{ train: true }` (<posenc-train>). Once a page has asked for the trainer's build, every widget gets
 * that one (one engine, one download, rather than both).
 */
export function getEngine({ train = false } = {}) {
  if (override) return override;
  if (!train && pending.has(true)) return pending.get(true);
  if (!pending.has(train)) pending.set(train, train ? loader({ train: true }) : loader());
  return pending.get(train);
}

/** Where getEngine() loads the engine from, when it first needs it (`posenc/widgets/inline` sets its own). */
export function useEngineLoader(load) {
  loader = load;
}

/**
 * Lets a host page hand the widgets an engine it loaded itself (for example one created from an inlined
 * wasm binary). Must be called before the first widget connects to take effect everywhere.
 */
export function setEngine(engine) {
  override = Promise.resolve(engine);
}
