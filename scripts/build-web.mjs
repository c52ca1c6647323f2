// Builds the web side into dist/ with esbuild (run by scripts/build.mjs after the wasm build):
//   dist/index.html, demo.js, demo.css, assets/   the demo lesson (KaTeX CSS and fonts bundled, no CDN)
//   dist/posenc-widgets.js                         ES module: every widget + Lit + the engine facade
//   dist/posenc-widgets.iife.js                    the same as a classic <script> (global `posenc`)
//   dist/gen/posenc-{simd,scalar}.wasm             the engine binaries, fetched next to the bundles
//   dist/posenc-demo.html                          the demo as one self-contained file (wasm inlined),
//                                                  opens from file:// with no server and no network
// Everything is local: the build fails if a bundle mentions an http(s) URL to fetch from.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMethodsPage } from './build-web-methods.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const gen = join(root, 'web/src/engine/gen');
const demo = join(root, 'web/demo');

const common = {
  bundle: true,
  minify: true,
  sourcemap: false,
  target: ['chrome100', 'firefox100', 'safari15'],
  legalComments: 'none',
  logLevel: 'warning',
  // the Emscripten glue guards its CommonJS export with typeof checks; harmless in a bundle
  logOverride: { 'commonjs-variable-in-esm': 'silent' },
  absWorkingDir: root,
};

/** IIFE bundles have no import.meta: the loader finds the wasm next to the script that defined it. */
const iifeUrl = {
  banner: { js: 'var __posencScriptUrl = (document.currentScript && document.currentScript.src) || location.href;' },
  define: { 'import.meta.url': '__posencScriptUrl' },
};

function checkOffline(dir) {
  // A bundle may *mention* URLs in comments or error texts of dependencies, but nothing we ship may load one.
  const loaders = /(?:src|href)\s*=\s*["']https?:|url\(\s*["']?https?:|@import\s+["']https?:|fetch\(\s*["']https?:/i;
  for (const name of readdirSync(dir)) {
    if (!/\.(html|css|js)$/.test(name)) continue;
    const text = readFileSync(join(dir, name), 'utf8');
    const m = loaders.exec(text);
    if (m) throw new Error(`build-web: ${name} would load a network resource: ${text.slice(m.index, m.index + 80)}`);
  }
}

/** Keeps only the woff2 sources of @font-face rules (every browser we target reads woff2; smaller file). */
function woff2Only(cssText) {
  return cssText.replace(/src:([^;}]*)/g, (all, list) => {
    const parts = list.split(/,(?=\s*url\()/).filter((p) => /woff2/.test(p));
    return parts.length ? `src:${parts.join(',')}` : all;
  });
}

/**
 * @param {object} [o]
 * @param {string} [o.outDir]  where to write (default dist/; the browser tests use a temporary folder)
 * @param {boolean} [o.singleFile]  also write posenc-demo.html
 * @param {boolean} [o.quiet]
 */
export async function buildWeb({ outDir = join(root, 'dist'), singleFile = true, quiet = false } = {}) {
  const t0 = performance.now();
  const dist = resolve(outDir);
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(join(dist, 'gen'), { recursive: true });
  const haveEngine = existsSync(join(gen, 'posenc-simd.wasm')) && existsSync(join(gen, 'posenc-scalar.wasm'));
  if (!haveEngine) throw new Error('build-web: web/src/engine/gen/*.wasm missing — run `node scripts/build.mjs` first');
  for (const f of ['posenc-simd.wasm', 'posenc-scalar.wasm']) copyFileSync(join(gen, f), join(dist, 'gen', f));

  // 1. the demo page (ES modules + external CSS with fonts as files)
  await build({
    ...common,
    entryPoints: { demo: join(demo, 'demo.js') },
    format: 'esm',
    outdir: dist,
  });
  await build({
    ...common,
    entryPoints: { demo: join(demo, 'demo.css') },
    outdir: dist,
    loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file' },
    assetNames: 'assets/[name]-[hash]',
  });
  writeFileSync(join(dist, 'demo.css'), woff2Only(readFileSync(join(dist, 'demo.css'), 'utf8')));
  // (no assets folder once the CSS bundles no fonts)
  if (existsSync(join(dist, 'assets'))) for (const f of readdirSync(join(dist, 'assets'))) if (!f.endsWith('.woff2')) rmSync(join(dist, 'assets', f));
  writeFileSync(join(dist, 'index.html'), readFileSync(join(demo, 'index.html'), 'utf8'));
  copyFileSync(join(demo, 'favicon.svg'), join(dist, 'favicon.svg'));

  // 2. the widgets for course authors
  await build({ ...common, entryPoints: { 'posenc-widgets': join(root, 'web/src/widgets/index.js') }, format: 'esm', outdir: dist });
  await build({
    ...common,
    ...iifeUrl,
    entryPoints: { 'posenc-widgets.iife': join(root, 'web/src/widgets/index.js') },
    format: 'iife',
    globalName: 'posenc',
    outdir: dist,
  });

  // 3. the single-file demo: wasm inlined, CSS inlined with fonts as data URLs, one classic script
  if (singleFile) {
    const js = await build({
      ...common,
      ...iifeUrl,
      entryPoints: [join(demo, 'single-file.js')],
      format: 'iife',
      write: false,
      loader: { '.wasm': 'binary' },
    });
    const cssOut = await build({
      ...common,
      entryPoints: [join(demo, 'demo.css')],
      write: false,
      loader: { '.woff2': 'dataurl', '.woff': 'empty', '.ttf': 'empty' },
    });
    const css = woff2Only(cssOut.outputFiles[0].text);
    const script = js.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
    let page = readFileSync(join(demo, 'index.html'), 'utf8');
    page = page
      .replace(/<link rel="stylesheet" href="demo.css"\s*\/?>/, () => `<style>${css}</style>`)
      .replace(/<script type="module" src="demo.js"><\/script>/, () => `<script>${script}</script>`)
      .replace(/<link rel="icon"[^>]*>/, '');
    if (page.includes('src="demo.js"') || page.includes('href="demo.css"')) throw new Error('build-web: single-file inlining failed');
    writeFileSync(join(dist, 'posenc-demo.html'), page);
  }

  // 4. part 2 of the lesson (methods.html and its single file), see build-web-methods.mjs
  await buildMethodsPage({ dist, demo, common, iifeUrl, woff2Only, singleFile });

  checkOffline(dist);
  const ms = Math.round(performance.now() - t0);
  if (!quiet) console.log(`build-web: ${dist} ready in ${ms} ms`);
  return dist;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildWeb().catch((err) => {
    console.error(err.message ?? err);
    process.exit(1);
  });
}
