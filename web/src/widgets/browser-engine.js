// Makes the widgets load the engine that fetches its wasm next to its module (../engine/browser.js): imported
// first by the ES module's entries (./index.js, the demo pages), before any widget is defined. A page that
// also imports posenc/widgets/inline keeps that one's engine, whichever came first.
import { useEngineLoader } from './engine.js';
import { load, readWasm } from '../engine/browser.js';

useEngineLoader(load, readWasm, { fallback: true });
