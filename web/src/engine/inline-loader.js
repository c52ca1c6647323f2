// The loader of the entries that carry the engine in their JavaScript (./inline.js,
// web/bundles/inline-lean.js): one SIMD build, stored deflated (./inflate.js) and inflated when a widget first
// needs the engine. Browsers without WebAssembly SIMD (Safari before 16.4, March 2023) get the scalar build
// from a file beside the classic script, gen/<name>.wasm, as dist/ lays it out, when there is one; otherwise,
// and from a single file or file://, the widgets say why they cannot start. Carrying the scalar build too
// would add as much as the SIMD one weighs again (issue 31 aims the one-tag script at 200 kB), for browsers
// that mostly lack DecompressionStream as well, which the same Safari version brought.
import { makeLoader } from './core.js';
import { canInflate, inflate } from './inflate.js';

// the classic script's own address, read while it runs (document.currentScript is set only then): files
// beside it can be fetched. Null in a single file's inline script, in an ES module and in Node.
const scriptSrc = typeof document !== 'undefined' ? document.currentScript?.src || null : null;

async function fetchBeside(file, why) {
  const url = scriptSrc && new URL(`gen/${file}`, scriptSrc);
  const local = url?.protocol === 'file:';
  const response = url && !local ? await fetch(url).catch(() => null) : null;
  if (response?.ok) return new Uint8Array(await response.arrayBuffer());
  const where = !url ? '' : local ? `, and a page opened from file:// cannot fetch gen/${file} beside it` : `, and gen/${file} is not beside it (${url.href}; it is in dist/gen/)`;
  throw new Error(`${why}: this script carries only the engine's SIMD build${where}. Safari 16.4 or later, Chrome, Edge or Firefox run the widgets`);
}

/**
 * @param {object} o
 * @param {string} o.simd     the SIMD build, deflated, base64
 * @param {Function} o.glue   its Emscripten glue (createPosencModule)
 * @param {boolean} o.train   whether it is the build with the trainer (it then serves load() too)
 */
export function makeInlineLoader({ simd, glue, train }) {
  const name = train ? 'posenc-train' : 'posenc';
  /** The bytes of one build ('simd' or 'scalar'), as engine/browser.js exports them (a worker runs them too). */
  const readWasm = async (variant, withTrainer = false) => {
    if (withTrainer && !train) throw new Error('this file carries the engine without the trainer (load({ train: true }) needs the one-tag script or posenc/widgets)');
    if (variant !== 'simd') return fetchBeside(`${name}-scalar.wasm`, 'this browser has no WebAssembly SIMD');
    if (!canInflate()) return fetchBeside(`${name}-simd.wasm`, 'this browser has no DecompressionStream');
    return inflate(simd);
  };
  // the glues of the SIMD and scalar builds differ only in the default wasm file name, never used here since
  // the loader passes `wasmBinary` (scripts/build-web.mjs checks this): one glue serves both
  const load = makeLoader({ readWasm, oneBuild: train, importGlue: async () => glue });
  return { readWasm, load };
}
