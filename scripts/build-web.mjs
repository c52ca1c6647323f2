// Builds the web side into dist/ with esbuild (run by scripts/build.mjs after the wasm build):
//   dist/index.html, demo.js, demo.css, assets/   the demo lesson (KaTeX CSS and fonts bundled, no CDN)
//   dist/posenc-widgets.js                         ES module: every widget + Lit + the engine facade
//   dist/chunks/                                   the catalogues beyond English, each loaded by the ES
//                                                  modules when a page's language asks for it
//   dist/lesson-*.js                               the demo parts' chunks: the code a part's first widget
//                                                  shares with its other widgets, which load after it
//   dist/posenc-widgets.iife.js                    the same as ONE classic <script> (global `posenc`) with
//                                                  the SIMD wasm build inlined, deflated: needs no other file
//                                                  (a browser without SIMD fetches gen/ beside it); its data
//                                                  after its code (build-web-data.mjs), its worker's engine
//                                                  the page's (build-web-shared.mjs)
//   dist/posenc-anywidget.js                       ES module for anywidget (Jupyter, MyST): every widget, Lit
//                                                  and the same wasm inlined, exporting render({ model, el })
//   dist/gen/posenc-{simd,scalar}.wasm             the engine binaries, fetched next to the ES modules
//   dist/gen/posenc-train-{simd,scalar}.wasm       the same with the trainer (load({ train: true }): <posenc-train>)
//   dist/posenc-train-worker.js                    <posenc-train>'s worker (module), next to the ES modules
//   dist/posenc-demo.html                          the demo as one self-contained file (wasm inlined),
//                                                  opens from file:// with no server and no network; its
//                                                  text comes first, the script at the end of <body>
//   dist/embed.html, embed.js, embed.css           one widget full-frame, configured by the query string
//   dist/posenc-embed.html                         the same as one self-contained file (for iframes)
//   dist/examples/reveal/                          a reveal.js deck with widgets (reveal.js from node_modules)
//   dist/esm/                                      the npm package's ES modules: web/src's without comments,
//                                                  the engine builds in engine/gen/ (build-web-package.mjs)
// Everything is local: the build fails if a bundle mentions an http(s) URL to fetch from. Every .js file is
// pure ASCII, so the one-tag script reads right on a page in any encoding: the build fails if one is not.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflated64, writeInlineWasm } from './build.mjs';
import { buildLessonPart, compactHtml, inlineScriptLast, linkSingleFiles, singleFileScripts, readDemoPage, withGluePreload, withoutPreload } from './build-web-methods.mjs';
import { buildEmbedPage } from './build-web-embed.mjs';
import { buildExamples } from './build-web-examples.mjs';
import { buildTagScripts } from './build-web-tag.mjs';
import { writePackageModules } from './build-web-package.mjs';
import { lateConfigReader, noConfigReader, noTrainerApi, reexport, sharedEngine } from './build-web-shared.mjs';
import { schemeTables } from './build-web-schemes.mjs';
import { dataLast, dataRef } from './build-web-data.mjs';
import { cssLiterals } from './build-web-css.mjs';
import { messagesBlocks, messagesExport } from './build-web-messages.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const gen = join(root, 'web/src/engine/gen');
const demo = join(root, 'web/demo');

// d3-scale-chromatic's schemes as the 256 colours the widgets read of each (build-web-schemes.mjs)
const schemes = schemeTables(root);
// the plugins of every bundle: the colour schemes, the widgets' css literals minified (build-web-css.mjs), and
// each catalogue with its language's block of every messages.js (build-web-messages.mjs)
const always = [schemes, cssLiterals, messagesBlocks];

export const common = {
  plugins: always,
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
 * which fetches the wasm next to the module, is replaced by web/src/engine/inline.js (same exports, the SIMD
 * build with the trainer inlined, deflated), or by web/bundles/inline-lean.js (the build without it) for the single files
 * of parts that never train: these files must work alone, from file:// too. The catalogues beyond English
 * (web/src/widgets/catalogues/shipped.js) become the same catalogues as deflated JSON, inflated when a page's language first
 * asks for one: about the bytes of their gzipped JavaScript, and nothing for an English page to parse.
 */
function inlinePlugin({ lean = false, widgets = null, configReader = true } = {}) {
  return {
    name: 'posenc-inline-engine',
    async setup(b) {
      b.onResolve({ filter: /(^|\/)engine\/browser\.js$/ }, () => ({ path: join(root, lean ? 'web/bundles/inline-lean.js' : 'web/src/engine/inline.js') }));
      b.onResolve({ filter: /^posenc:lean-wasm$/ }, () => ({ path: 'lean-wasm', namespace: 'posenc-lean-wasm' }));
      b.onLoad({ filter: /.*/, namespace: 'posenc-lean-wasm' }, () => ({ contents: `export default ${dataRef(deflated64(readFileSync(join(gen, 'posenc-simd.wasm'))))};`, loader: 'js' }));
      // the data (wasm, catalogues) goes at the end of the script (build-web-data.mjs)
      dataLast(b);
      b.onLoad({ filter: /[\\/]engine[\\/]gen[\\/]posenc-wasm-inline\.mjs$/ }, (a) => {
        const [, name, base64] = /export const (\w+) = '([A-Za-z0-9+/=]+)';/.exec(readFileSync(a.path, 'utf8'));
        return { contents: `export const ${name} = ${dataRef(base64)};`, loader: 'js' };
      });
      // <posenc-train>'s worker: started from its inlined source (web/bundles/inline-train-worker.js)
      b.onResolve({ filter: /(^|\/)spawn\.js$/ }, (a) =>
        resolve(a.resolveDir, a.path) === join(root, 'web/src/widgets/train/spawn.js') ? { path: join(root, 'web/bundles/inline-train-worker.js') } : undefined,
      );
      b.onResolve({ filter: /^posenc:train-worker-source$/ }, () => ({ path: 'train-worker', namespace: 'posenc-worker' }));
      // a single file without <posenc-model> reads no transformers config (build-web-shared.mjs)…
      if (!configReader) noConfigReader.setup(b);
      // nor, without the trainer, pe.train's JavaScript
      if (lean) noTrainerApi.setup(b);
      // with the trainer, the engine's modules are bundled once for the page and its worker (build-web-shared.mjs);
      // the lean builds, which cannot train, keep the worker's code whole as a string
      const shared = () => sharedBuild(configReader);
      if (!lean) {
        b.onResolve({ filter: /^posenc:shared-engine$/ }, () => ({ path: 'shared-engine', namespace: 'posenc-shared-engine' }));
        b.onLoad({ filter: /.*/, namespace: 'posenc-shared-engine' }, async () => ({ contents: (await shared()).run, loader: 'js', resolveDir: root }));
        const { modules } = await shared();
        reexport(root, modules, (path) => `shared[${JSON.stringify(path)}]`, "import { shared } from 'posenc:shared-engine';").setup(b);
      }
      b.onLoad({ filter: /.*/, namespace: 'posenc-worker' }, async () => {
        if (!lean) {
          const { worker } = await shared();
          return { contents: `import { run } from 'posenc:shared-engine';\nexport default () => 'var __posencEngine = (' + run + ')();\\n' + ${JSON.stringify(worker)};\n`, loader: 'js', resolveDir: root };
        }
        const out = await build({ ...common, entryPoints: [TRAIN_WORKER], format: 'iife', write: false });
        return { contents: `export default () => ${JSON.stringify(out.outputFiles[0].text)};\n`, loader: 'js' };
      });
      b.onResolve({ filter: /(^|\/)shipped\.js$/ }, (a) =>
        resolve(a.resolveDir, a.path) === join(root, 'web/src/widgets/catalogues/shipped.js') ? { path: 'shipped', namespace: 'posenc-catalogues' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'posenc-catalogues' }, async () => ({ contents: await deflatedCatalogues(widgets), loader: 'js', resolveDir: join(root, 'web/src/widgets/catalogues') }));
      // KaTeX (75 KiB of gzip): the single files' formulas are typeset when they are built (build-web-math.mjs),
      // and a translation reuses the English page's typeset formula (web/demo/language.js), so renderMath()
      // never needs it there; were one left untypeset, it would show its TeX source
      b.onResolve({ filter: /^katex$/ }, () => ({ path: 'katex', namespace: 'posenc-no-katex' }));
      b.onLoad({ filter: /.*/, namespace: 'posenc-no-katex' }, () => ({ contents: "export default { render() { throw new Error('no KaTeX in a single file'); } };", loader: 'js' }));
    },
  };
}

/**
 * The catalogues beyond English for the classic bundles, as deflated JSON (base64): `keys`, every message key
 * once, and per locale its messages in that order (null where it has none). The keys are the same in every
 * language, so a language carries only its text: 5 KiB of gzip less each. With `widgets` (widget folder
 * names), only their messages and, unless `shared` is false, the shared ones (web/src/widgets/element/).
 */
export async function catalogueBlobs(widgets = null, { shared = true } = {}) {
  const { default: shipped } = await import(pathToFileURL(join(root, 'web/src/widgets/catalogues/shipped.js')).href);
  const messages = async (locale) => {
    if (!widgets) return (await import(pathToFileURL(join(root, `web/src/widgets/catalogues/${locale}.js`)).href)).default;
    const parts = await Promise.all([...new Set([...(shared ? ['element'] : []), ...widgets])].map((w) => import(pathToFileURL(join(root, `web/src/widgets/${w}/messages.js`)).href)));
    return Object.assign({}, ...parts.map((m) => m[messagesExport(locale)]));
  };
  const all = Object.fromEntries(await Promise.all(Object.keys(shipped).map(async (l) => [l, await messages(l)])));
  // the English order (each widget's keys together): what compresses best, and what a reader finds
  const keys = [...new Set([...Object.keys(await messages('en')), ...Object.values(all).flatMap(Object.keys)])];
  const blob = (value) => deflated64(Buffer.from(JSON.stringify(value), 'utf8'));
  return { keys: blob(keys), locales: Object.fromEntries(Object.entries(all).map(([l, m]) => [l, blob(keys.map((k) => m[k] ?? null))])) };
}

/** web/src/widgets/catalogues/shipped.js for the classic bundles: catalogueBlobs(widgets, o), inflated on demand. */
export async function deflatedCatalogues(widgets = null, o = {}) {
  const { keys, locales } = await catalogueBlobs(widgets, o);
  const entries = Object.keys(locales).map((locale, i) => `  ${JSON.stringify(locale)}: () => catalogue(data${i}),`);
  return `import { inflateText } from '../../engine/inflate.js';
const keyData = ${dataRef(keys)};
${Object.values(locales).map((data, i) => `const data${i} = ${dataRef(data)};`).join('\n')}
let keys = null;
const json = async (data) => JSON.parse(await inflateText(data));
async function catalogue(data) {
  const [names, messages] = await Promise.all([(keys ??= json(keyData)), json(data)]);
  const out = {};
  names.forEach((key, i) => messages[i] !== null && (out[key] = messages[i]));
  return { default: out };
}
export default {
${entries.join('\n')}
};
`;
}

/**
 * The classic options for a single file's script (`entry`, a lesson part or a page that shows a known set of
 * widgets): the engine with the trainer or without (`lean`), and the catalogues of the widgets it bundles
 * alone (found by a first build: the English messages in its metafile), where the one-tag script carries all.
 */
export async function singleFileOptions(entry, { lean }) {
  const { metafile } = await build({ ...common, plugins: [...always, inlinePlugin({ lean })], entryPoints: [entry], format: 'iife', write: false, metafile: true, logLevel: 'silent' });
  // the folders whose English messages it bundles: what it can show, in whichever widget's module
  const widgets = Object.keys(metafile.inputs).map((i) => /web\/src\/widgets\/([^/]+)\/messages\.js$/.exec(i)?.[1]).filter(Boolean);
  // a file without <posenc-model> reads no transformers config (build-web-shared.mjs, noConfigReader)
  return { plugins: [...always, inlinePlugin({ lean, widgets: [...new Set(widgets)].sort(), configReader: widgets.includes('model') })] };
}

const TRAIN_WORKER = join(root, 'web/src/widgets/train/posenc-train-worker.js');
const sharedBuilds = new Map();
/** The engine modules the classic bundles with the trainer share with their worker, built once (build-web-shared.mjs). */
function sharedBuild(configReader) {
  if (!sharedBuilds.has(configReader)) sharedBuilds.set(configReader, sharedEngine(common, configReader ? [] : [noConfigReader]));
  return sharedBuilds.get(configReader);
}
export const classic = { plugins: [...always, inlinePlugin()] };
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
  writeInlineWasm(gen);

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
  // the same in parts: a core and a script per widget (build-web-tag.mjs)
  await buildTagScripts({
    dist,
    options: { ...common, plugins: [lateConfigReader, ...always, inlinePlugin({ lean: true, widgets: [] })] },
    catalogues: (folder) => deflatedCatalogues([folder], { shared: false }),
  });
  // the anywidget module (Jupyter, MyST): one ES module with everything, engine inlined
  await build({ ...common, ...classic, entryPoints: { 'posenc-anywidget': join(root, 'web/src/widgets/anywidget.js') }, format: 'esm', outdir: dist });

  // 3. the single-file demo: wasm inlined, CSS inlined with fonts as data URLs, one classic script
  if (singleFile) {
    const scripts = await singleFileScripts({ ...common, ...(await singleFileOptions(join(demo, 'demo.js'), { lean: true })) }, demo, 'demo.js');
    const cssOut = await build({
      ...common,
      entryPoints: [join(demo, 'demo.css')],
      write: false,
      loader: { '.woff2': 'dataurl', '.woff': 'empty', '.ttf': 'empty' },
    });
    const css = woff2Only(cssOut.outputFiles[0].text);
    let page = readDemoPage(demo, 'index.html');
    page = inlineScriptLast(page.replace(/<link rel="stylesheet" href="demo.css"\s*\/?>/, () => `<style>${css}</style>`), 'demo.js', ...scripts).replace(/<link rel="icon"[^>]*>/, '');
    page = withoutPreload(page);
    if (page.includes('src="demo.js"') || page.includes('href="demo.css"')) throw new Error('build-web: single-file inlining failed');
    writeFileSync(join(dist, 'posenc-demo.html'), page);
  }

  // 4. parts 2, 3 and 4 of the lesson (methods.html, model.html, train.html and their single files), see build-web-methods.mjs
  for (const part of ['methods', 'model', 'train']) await buildLessonPart(part, { dist, demo, common, classic: singleFile && (await singleFileOptions(join(demo, `${part}.js`), { lean: part !== 'train' })), esm: lessonEsm, woff2Only, singleFile });
  if (singleFile) linkSingleFiles(dist);

  // 5. the embed page (one widget full-frame, for iframes) and its single file, see build-web-embed.mjs
  await buildEmbedPage({ dist, demo, common, classic, esm, singleFile });
  // the single-file demo pages offer iframe snippets pointing at the single-file embed page; every single
  // file's markup is compacted (build-web-methods.mjs)
  for (const name of ['posenc-demo.html', 'posenc-demo-methods.html', 'posenc-demo-model.html', 'posenc-demo-train.html', 'posenc-embed.html']) {
    const file = join(dist, name);
    if (existsSync(file))
      writeFileSync(file, compactHtml(readFileSync(file, 'utf8').replace('<meta name="posenc-embed-page" content="embed.html" />', '<meta name="posenc-embed-page" content="posenc-embed.html" />')));
  }

  // every script written to dist/ (not those inlined into the single-file pages, which declare UTF-8)
  const chunks = join(dist, 'chunks');
  const scripts = [dist, chunks, join(dist, 'tag')].filter(existsSync).flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => join(dir, f)));
  for (const file of scripts) writeFileSync(file, escapeNonAscii(readFileSync(file, 'utf8')));

  // 6. the npm package's ES modules (build-web-package.mjs), and the example reveal.js deck (build-web-examples.mjs)
  writePackageModules(join(root, 'web/src'), join(dist, 'esm'));
  buildExamples({ root, dist, quiet });

  checkOffline(dist);
  for (const dir of [chunks, join(dist, 'tag')]) if (existsSync(dir)) checkOffline(dir);
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
