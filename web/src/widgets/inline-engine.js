// Makes the widgets load the engine with its wasm inlined (../engine/inline.js): imported first by
// ./inline.js, so it runs before any widget is defined (a widget already in the page connects as soon as
// its tag is defined, and asks for the engine then). Nothing on this entry's path reaches ../engine/browser.js
// (./engine.js imports no engine): a bundler that writes one file gets no chunk it would have to write.
import { useEngineLoader } from './engine.js';
import { load, readWasm } from '../engine/inline.js';

useEngineLoader(load, readWasm);
