// Registers every posenc widget as a custom element: `import 'posenc/widgets'`. The engine's wasm is fetched
// next to its module when the first widget starts (./browser-engine.js, imported before any widget is defined).
import './browser-engine.js';

export * from './all.js';
