// `import 'posenc/widgets/inline'`: every widget and the same exports as `posenc/widgets`, with the engine's
// wasm inlined in the JavaScript: nothing is fetched, so a bundler (Vite, webpack, Rollup, esbuild) needs
// no wasm configuration and a dev server's dependency pre-bundling cannot break the engine's URL. Every
// catalogue is inlined too (posenc/widgets loads the ones beyond English on demand).
import './inline-engine.js';
import './inline-locales.js';

export * from './all.js';
