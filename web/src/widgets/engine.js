// The one place where widgets obtain the engine. Widgets never compute encodings themselves: every number
// they draw comes from the object this resolves to (the facade of web/src/engine).

import { load } from '../engine/browser.js';

let override = null;
let pending = null;
let loader = load;

/** Resolves to the shared engine instance (loaded once per page). */
export function getEngine() {
  if (override) return override;
  if (!pending) pending = loader();
  return pending;
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
