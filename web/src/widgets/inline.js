// `import 'posenc/widgets/inline'`: every widget and the same exports as `posenc/widgets`, with the engine's
// wasm inlined in the JavaScript: nothing is fetched, so a bundler (Vite, webpack, Rollup, esbuild) needs
// no wasm configuration and a dev server's dependency pre-bundling cannot break the engine's URL.
import './inline-engine.js';

export * from './index.js';
