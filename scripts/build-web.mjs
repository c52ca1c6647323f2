// Builds the web side into dist/ with esbuild (run by scripts/build.mjs after the wasm build):
//   dist/index.html, demo.js, demo.css, assets/   the demo lesson (KaTeX CSS and fonts bundled, no CDN)
//   dist/posenc-widgets.js                         ES module: every widget + Lit + the engine facade
//   dist/chunks/                                   the catalogues beyond English, each loaded by the ES
//                                                  modules when a page's language asks for it
//   dist/lesson-*.js                               the demo parts' chunks: the code a part's first widget
//                                                  shares with its other widgets, which load after it
//   dist/posenc-widgets.iife.js                    the same as ONE classic <script> (global `posenc`) with
//                                                  both wasm builds inlined: needs no other file
//   dist/posenc-anywidget.js                       ES module for anywidget (Jupyter, MyST): every widget, Lit
//                                                  and both wasm builds inlined, exporting render({ model, el })
//   dist/gen/posenc-{simd,scalar}.wasm             the engine binaries, fetched next to the ES modules
//   dist/gen/posenc-train-{simd,scalar}.wasm       the same with the trainer (load({ train: true }): <posenc-train>)
//   dist/posenc-train-worker.js                    <posenc-train>'s worker (module), next to the ES modules
//   dist/posenc-demo.html                          the demo as one self-contained file (wasm inlined),
//                                                  opens from file:// with no server and no network
//   dist/embed.html, embed.js, embed.css           one widget full-frame, configured by the query string
//   dist/posenc-embed.html                         the same as one self-contained file (for iframes)
//   dist/examples/reveal/                          a reveal.js deck with widgets (reveal.js from node_modules)
// Everything is local: the build fails if a bundle mentions an http(s) URL to fetch from. Every .js file is
// pure ASCII, so the one-tag script reads right on a page in any encoding: the build fails if one is not.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLessonPart, linkSingleFiles, readDemoPage, withGluePreload, withoutPreload } from './build-web-methods.mjs';
import { buildEmbedPage } from './build-web-embed.mjs';
import { buildExamples } from './build-web-examples.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const gen = join(root, 'web/src/engine/gen');
const demo = join(root, 'web/demo');

export const common = {
  bundle: true,
  minify: true,
  sourcemap: false,
  target: ['chrome100', 'firefox100', 'safari15'],
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: root,
};

/**
 * Classic-script bundles (the IIFE, the single files) and posenc-anywidget.js: web/src/engine/browser.js,
 * which fetches the wasm next to the module, is replaced by web/src/engine/inline.js (same exports, wasm
 * inlined as base64): these files must work alone, from file:// too. The catalogues beyond English need no
 * substitute: without code splitting, esbuild puts the module of each of web/src/widgets/catalogues/shipped.js's
 * dynamic imports in the same file, wrapped in a function run when a page's language first asks for it. So they
 * are inlined, and a page in English never builds them (V8 only pre-parses the function, off the main thread
 * while the script streams in): installing them all up front (widgets/catalogues/inline.js, as
 * posenc/widgets/inline does) would lengthen the one long task of the one-tag script's evaluation (issue 22).
 */
const inlineEngine = {
  name: 'posenc-inline-engine',
  setup(b) {
    b.onResolve({ filter: /(^|\/)engine\/browser\.js$/ }, () => ({ path: join(root, 'web/src/engine/inline.js') }));
    // <posenc-train>'s worker: started from its inlined source (web/bundles/inline-train-worker.js)
    b.onResolve({ filter: /(^|\/)spawn\.js$/ }, (a) =>
      resolve(a.resolveDir, a.path) === join(root, 'web/src/widgets/train/spawn.js') ? { path: join(root, 'web/bundles/inline-train-worker.js') } : undefined,
    );
    b.onResolve({ filter: /^posenc:train-worker-source$/ }, () => ({ path: 'train-worker', namespace: 'posenc-worker' }));
    b.onLoad({ filter: /.*/, namespace: 'posenc-worker' }, async () => {
      const out = await build({ ...common, entryPoints: [TRAIN_WORKER], format: 'iife', write: false });
      return { contents: out.outputFiles[0].text, loader: 'text' };
    });
  },
};
const TRAIN_WORKER = join(root, 'web/src/widgets/train/posenc-train-worker.js');
export const classic = { plugins: [inlineEngine] };
/** ES-module bundles: the catalogues beyond English become chunks of their own in dist/chunks/ (dynamic imports). */
export const esm = { format: 'esm', splitting: true, chunkNames: 'chunks/[name]-[hash]' };
/**
 * The lesson pages' ES modules: their chunks (among them the code a part's first widget shares with the
 * widgets loaded after it, engine included) sit next to the page script, where the engine finds gen/*.wasm
 * (web/src/engine/browser.js looks for it next to its own module).
 */
export const lessonEsm = { ...esm, chunkNames: 'lesson-[name]-[hash]' };

/**
 * One glue serves the SIMD and scalar builds (engine/browser.js, node.js, inline.js), one the two with the
 * trainer: true only while each pair differs in the wasm name alone.
 */
function checkGlue() {
  for (const kind of ['', 'train-']) {
    const [simd, scalar] = ['simd', 'scalar'].map((v) =>
      readFileSync(join(gen, `posenc-${kind}${v}.mjs`), 'utf8').replace(`"posenc-${kind}${v}.wasm"`, '"posenc.wasm"'),
    );
    if (simd !== scalar) throw new Error(`build-web: the SIMD and scalar glue files (posenc-${kind}*.mjs) differ beyond the wasm name; load each build with its own glue (engine/browser.js, node.js, inline.js)`);
  }
}

// the engine builds (scripts/build.mjs): without the trainer, and with it (load({ train: true }))
const WASM_BUILDS = ['simd', 'scalar', 'train-simd', 'train-scalar'];

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

/**
 * Escapes every non-ASCII UTF-16 unit of minified JavaScript as \uXXXX (a character beyond U+FFFF becomes
 * its surrogate pair). Why: a classic <script src> without a charset in its Content-Type is decoded in the
 * encoding of the page that loads it, so on a windows-1252 page (or one declaring no charset) raw UTF-8
 * turns "≠" into "â‰ ". esbuild's default `charset: 'ascii'` escapes string literals and identifiers, but it
 * leaves tagged templates alone (Lit's html`` and css``, where escaping changes `strings.raw`) and regex
 * literals (where it changes `.source`). In both, and in plain strings and templates, \uXXXX stands for the
 * same character: the cooked strings Lit reads (text and CSS alike) and what a regex matches are unchanged,
 * and nothing reads `.raw` or `.source` of these literals. A character escaped by an odd run of backslashes
 * (an identity escape such as \—) loses that backslash, since `\—` and `\u2014` both mean "—".
 * @param {string} js
 */
export function escapeNonAscii(js) {
  return js.replace(/(\\*)([^\x00-\x7f])/g, (all, slashes, ch) => {
    const hex = `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    return (slashes.length % 2 ? slashes.slice(1) : slashes) + hex;
  });
}

/**
 * Throws unless `file` is pure ASCII, naming it with the first offending line and column (1-based) and
 * the character, so a bundle that would be garbled on non-UTF-8 pages never ships.
 * @param {string} file
 */
export function checkAscii(file) {
  const text = readFileSync(file, 'utf8');
  const at = text.search(/[^\x00-\x7f]/);
  if (at < 0) return;
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  const code = text.codePointAt(at).toString(16).toUpperCase().padStart(4, '0');
  const context = text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, ' ');
  throw new Error(
    `build-web: ${file} is not pure ASCII (first at line ${line}, column ${column}: U+${code} in "${context}"); ` +
      'on a page in another encoding (windows-1252, or none declared) the widgets would show garbled text',
  );
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
  const haveEngine = WASM_BUILDS.every((v) => existsSync(join(gen, `posenc-${v}.wasm`)));
  if (!haveEngine) throw new Error('build-web: web/src/engine/gen/*.wasm missing — run `node scripts/build.mjs` first');
  for (const v of WASM_BUILDS) copyFileSync(join(gen, `posenc-${v}.wasm`), join(dist, 'gen', `posenc-${v}.wasm`));

  // 1. the demo page (ES modules + external CSS with fonts as files)
  const { metafile } = await build({
    ...common,
    entryPoints: { demo: join(demo, 'demo.js') },
    ...lessonEsm,
    outdir: dist,
    metafile: true,
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
  writeFileSync(join(dist, 'index.html'), withGluePreload(readDemoPage(demo, 'index.html'), metafile, dist, root));
  copyFileSync(join(demo, 'favicon.svg'), join(dist, 'favicon.svg'));

  // 2. the widgets for course authors
  await build({ ...common, entryPoints: { 'posenc-widgets': join(root, 'web/src/widgets/index.js') }, ...esm, outdir: dist });
  // <posenc-train>'s worker next to the ES modules that start it (train/spawn.js)
  await build({ ...common, entryPoints: { 'posenc-train-worker': TRAIN_WORKER }, format: 'esm', outdir: dist });
  checkGlue();
  await build({
    ...common,
    ...classic,
    entryPoints: { 'posenc-widgets.iife': join(root, 'web/src/widgets/index.js') },
    format: 'iife',
    globalName: 'posenc',
    outdir: dist,
  });
  // the anywidget module (Jupyter, MyST): one ES module with everything, engine inlined
  await build({ ...common, ...classic, entryPoints: { 'posenc-anywidget': join(root, 'web/src/widgets/anywidget.js') }, format: 'esm', outdir: dist });

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
    let page = readDemoPage(demo, 'index.html');
    page = page
      .replace(/<link rel="stylesheet" href="demo.css"\s*\/?>/, () => `<style>${css}</style>`)
      .replace(/<script type="module" src="demo.js"><\/script>/, () => `<script>${script}</script>`)
      .replace(/<link rel="icon"[^>]*>/, '');
    page = withoutPreload(page);
    if (page.includes('src="demo.js"') || page.includes('href="demo.css"')) throw new Error('build-web: single-file inlining failed');
    writeFileSync(join(dist, 'posenc-demo.html'), page);
  }

  // 4. parts 2, 3 and 4 of the lesson (methods.html, model.html, train.html and their single files), see build-web-methods.mjs
  for (const part of ['methods', 'model', 'train']) await buildLessonPart(part, { dist, demo, common, classic, esm: lessonEsm, woff2Only, singleFile });
  if (singleFile) linkSingleFiles(dist);

  // 5. the embed page (one widget full-frame, for iframes) and its single file, see build-web-embed.mjs
  await buildEmbedPage({ dist, demo, common, classic, esm, singleFile });
  // the single-file demo pages offer iframe snippets pointing at the single-file embed page
  for (const name of ['posenc-demo.html', 'posenc-demo-methods.html', 'posenc-demo-model.html', 'posenc-demo-train.html']) {
    const file = join(dist, name);
    if (existsSync(file))
      writeFileSync(file, readFileSync(file, 'utf8').replace('<meta name="posenc-embed-page" content="embed.html" />', '<meta name="posenc-embed-page" content="posenc-embed.html" />'));
  }

  // every script written to dist/ (not those inlined into the single-file pages, which declare UTF-8)
  const chunks = join(dist, 'chunks');
  const scripts = [dist, chunks].filter(existsSync).flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => join(dir, f)));
  for (const file of scripts) writeFileSync(file, escapeNonAscii(readFileSync(file, 'utf8')));

  // 6. the example reveal.js deck, see build-web-examples.mjs
  buildExamples({ root, dist, quiet });

  checkOffline(dist);
  if (existsSync(chunks)) checkOffline(chunks);
  for (const file of scripts) checkAscii(file);
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
