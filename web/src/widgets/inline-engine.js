// Makes the widgets load the engine with its wasm inlined (../engine/inline.js): imported first by
// ./inline.js, so it runs before any widget is defined (a widget already in the page connects as soon as
// its tag is defined, and asks for the engine then).
import { useEngineLoader } from './engine.js';
import { load } from '../engine/inline.js';

useEngineLoader(load);
