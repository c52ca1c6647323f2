// Builds the web side into dist/ with esbuild (run by scripts/build.mjs after the wasm build):
//   dist/index.html, demo.js, demo.css, assets/   the demo lesson (KaTeX CSS and fonts bundled, no CDN)
//   dist/posenc-widgets.js                         ES module: every widget + Lit + the engine facade
//   dist/posenc-widgets.iife.js                    the same as ONE classic <script> (global `posenc`) with
//                                                  both wasm builds inlined: needs no other file
//   dist/gen/posenc-{simd,scalar}.wasm             the engine binaries, fetched next to the ES modules
//   dist/posenc-demo.html                          the demo as one self-contained file (wasm inlined),
//                                                  opens from file:// with no server and no network
//   dist/embed.html, embed.js, embed.css           one widget full-frame, configured by the query string
//   dist/posenc-embed.html                         the same as one self-contained file (for iframes)
// Everything is local: the build fails if a bundle mentions an http(s) URL to fetch from.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMethodsPage } from './build-web-methods.mjs';
import { buildEmbedPage } from './build-web-embed.mjs';

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
  // The glue ends in a UMD tail that calls an AMD `define()` when the page has one. Course platforms such
  // as Moodle load RequireJS on every page, where an anonymous define() outside require() is an error.
  define: { define: 'undefined' },
  absWorkingDir: root,
};

/**
 * Classic-script bundles (the IIFE, the single files): web/src/engine/browser.js, which fetches the wasm
 * next to the module, is replaced by web/bundles/inline-engine.js (same exports, wasm inlined as base64).
 */
const inlineEngine = {
  name: 'posenc-inline-engine',
  setup(b) {
    b.onResolve({ filter: /(^|\/)engine\/browser\.js$/ }, () => ({ path: join(root, 'web/bundles/inline-engine.js') }));
  },
};
const classic = { plugins: [inlineEngine], loader: { '.wasm': 'base64' } };

/** inline-engine.js uses one glue for both builds: true only while the two differ in the wasm name alone. */
function checkGlue() {
  const [simd, scalar] = ['simd', 'scalar'].map((v) =>
    readFileSync(join(gen, `posenc-${v}.mjs`), 'utf8').replace(`"posenc-${v}.wasm"`, '"posenc.wasm"'),
  );
  if (simd !== scalar) throw new Error('build-web: the SIMD and scalar glue files differ beyond the wasm name; inline both in web/bundles/inline-engine.js');
}

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
  checkGlue();
  await build({
    ...common,
    ...classic,
    entryPoints: { 'posenc-widgets.iife': join(root, 'web/src/widgets/index.js') },
    format: 'iife',
    globalName: 'posenc',
    outdir: dist,
  });

  // 3. the single-file demo: wasm inlined, CSS inlined with fonts as data URLs, one classic script
  if (singleFile) {
    const js = await build({
      ...common,
      ...classic,
      entryPoints: [join(demo, 'demo.js')],
      format: 'iife',
      write: false,
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
  await buildMethodsPage({ dist, demo, common, classic, woff2Only, singleFile });

  // 5. the embed page (one widget full-frame, for iframes) and its single file, see build-web-embed.mjs
  await buildEmbedPage({ dist, demo, common, classic, singleFile });
  // the single-file demo pages offer iframe snippets pointing at the single-file embed page
  for (const name of ['posenc-demo.html', 'posenc-demo-methods.html']) {
    const file = join(dist, name);
    if (existsSync(file))
      writeFileSync(file, readFileSync(file, 'utf8').replace('<meta name="posenc-embed-page" content="embed.html" />', '<meta name="posenc-embed-page" content="posenc-embed.html" />'));
  }

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
