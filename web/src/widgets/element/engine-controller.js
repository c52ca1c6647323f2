// Loads the engine for a widget (a Lit reactive controller). The engine is shared by every widget of the
// page (../engine.js loads it once); this controller hands it to its host when the host first connects.
//
// The host (a PosencElement) receives: `pe` (the engine facade), `_ready` (a reactive state property that
// turns true, so widgets can compute in `willUpdate`/`updated` on `changed.has('_ready')`), then a call to
// `engineReady()`. When the engine cannot load, `_error` (reactive, shown by renderError) gets the reason.

import { getEngine } from '../engine.js';

export class EngineController {
  #host;
  #loading = null;
  #resolve;
  #reject;

  constructor(host) {
    this.#host = host;
    /** Settles once: resolves when the engine is loaded and handed to the host, rejects when it cannot load. */
    this.loaded = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    this.loaded.catch(() => {});  // the error is shown in the widget; whenReady() rejects with it
    host.addController(this);
  }

  hostConnected() {
    const host = this.#host;
    if (host.pe) return;
    this.#loading ??= getEngine().then(
      (pe) => {
        host.pe = pe;
        host._ready = true;
        host.engineReady();
        this.#resolve();
      },
      (err) => {
        host._error = `The positional-encoding engine could not be loaded: ${err?.message ?? err}`;
        this.#reject(new Error(host._error, { cause: err }));
      },
    );
  }
}
