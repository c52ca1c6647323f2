// The one place where widgets obtain the engine. Widgets never compute encodings themselves: every number
// they draw comes from the object this resolves to (the facade of web/src/engine).

import { load } from '../engine/browser.js';

let override = null;
let pending = null;

/** Resolves to the shared engine instance (loaded once per page). */
export function getEngine() {
  if (override) return override;
  if (!pending) pending = load();
  return pending;
}

/**
 * Lets a host page hand the widgets an engine it loaded itself (for example one created from an inlined
 * wasm binary). Must be called before the first widget connects to take effect everywhere.
 */
export function setEngine(engine) {
  override = Promise.resolve(engine);
}
