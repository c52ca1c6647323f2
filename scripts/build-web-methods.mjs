// Parts 2, 3 and 4 of the demo lesson (web/demo/methods.html, model.html, train.html), built next to part 1 by
// scripts/build-web.mjs:
//   dist/<part>.html, <part>.js, <part>.css   served with part 1 (same demo.css, same gen/*.wasm)
//   dist/posenc-demo-<part>.html              the part as one self-contained file (wasm inlined); the
//                                             single files link to each other (linkSingleFiles), so
//                                             every part opens from disk
import { build } from 'esbuild';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { typesetMath } from './build-web-math.mjs';
import { splitLater } from './build-web-later.mjs';

/**
 * @param {object} o
 * @param {string} o.dist      the output folder (part 1 is already in it)
 * @param {string} o.demo      web/demo
 * @param {object} o.common    esbuild options shared with part 1
 * @param {object} o.classic   esbuild options for classic scripts (the engine with the wasm inlined)
 * @param {object} o.esm       esbuild options for ES modules (catalogues as chunks)
 * @param {(css: string) => string} o.woff2Only
 * @param {boolean} o.singleFile
 */
/**
 * A demo page's HTML with its shared pieces put in: `<!-- posenc:include name.html -->` becomes web/demo/name.html
 * (its leading comment left out), indented like the line it replaces; its formulas typeset (build-web-math.mjs).
 */
export function readDemoPage(demo, name) {
  return typesetMath(withIncludes(demo, name));
}

/** A demo page's HTML with its shared pieces put in, its formulas not typeset. */
export function withIncludes(demo, name) {
  return readFileSync(join(demo, name), 'utf8').replace(/^( *)<!-- posenc:include ([a-z-]+\.html) -->$/gm, (_, indent, part) =>
    readFileSync(join(demo, part), 'utf8')
      .replace(/^<!--[\s\S]*?-->\n/, '')
      .trimEnd()
      .split('\n')
      .map((line) => indent + line)
      .join('\n'),
  );
}

export async function buildLessonPart(part, { dist, demo, common, classic, esm, woff2Only, singleFile }) {
  const { metafile } = await build({ ...common, entryPoints: { [part]: join(demo, `${part}.js`) }, ...esm, outdir: dist, metafile: true });
  await build({ ...common, entryPoints: { [part]: join(demo, `${part}.css`) }, outdir: dist });
  writeFileSync(join(dist, `${part}.html`), withGluePreload(readDemoPage(demo, `${part}.html`), metafile, dist, common.absWorkingDir));
  if (!singleFile) return;

  const scripts = await singleFileScripts({ ...common, ...classic }, demo, `${part}.js`);
  const css = await build({
    ...common,
    entryPoints: [join(demo, 'demo.css')],
    write: false,
    loader: { '.woff2': 'dataurl', '.woff': 'empty', '.ttf': 'empty' },
  });
  const own = readFileSync(join(dist, `${part}.css`), 'utf8');
  let page = readDemoPage(demo, `${part}.html`);
  page = page
    .replace(/<link rel="stylesheet" href="demo.css"\s*\/?>/, () => `<style>${woff2Only(css.outputFiles[0].text)}</style>`)
    .replace(new RegExp(`<link rel="stylesheet" href="${part}.css"\\s*/?>`), () => `<style>${own}</style>`)
    .replace(/<link rel="icon"[^>]*>/, '');
  page = inlineScriptLast(page, `${part}.js`, ...scripts);
  page = withoutPreload(page);
  if (page.includes(`src="${part}.js"`) || /href="[a-z]+\.css"/.test(page)) throw new Error(`build-web: single-file inlining of ${part}.html failed`);
  writeFileSync(join(dist, `posenc-demo-${part}.html`), page);
}

/**
 * A served page that preloads the engine's wasm preloads the modules its script needs at once too: the
 * chunks the script imports (code it shares with the widgets loaded after it) and the engine's glue, which
 * the engine imports when the first widget starts (web/src/engine/browser.js). Found only when the script
 * has arrived (or run), each would cost a phone another round trip (562 ms at Slow 4G). `metafile`:
 * esbuild's, of the page's script (its paths relative to `cwd`, the build's absWorkingDir).
 */
export function withGluePreload(page, metafile, dist, cwd) {
  // the build without the trainer, or with it (train.html: posenc-train-simd.wasm), each with its glue
  const wasmPreload = /( *)(<link rel="preload" href="gen\/posenc-((?:train-)?simd)\.wasm"[^>]*>\n)/;
  const build = wasmPreload.exec(page)?.[3];
  if (!build) return page;
  const outputs = Object.entries(metafile.outputs);
  const glue = outputs.find(([, o]) => Object.keys(o.inputs).some((i) => i.endsWith(`engine/gen/posenc-${build}.mjs`)));
  if (!glue) throw new Error(`build-web: no chunk holds the engine glue (web/src/engine/gen/posenc-${build}.mjs) to preload`);
  const entry = outputs.find(([, o]) => o.entryPoint);
  const chunks = entry[1].imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
  const links = [...new Set([...chunks, glue[0]])].map((path) => `<link rel="modulepreload" href="${relative(dist, resolve(cwd, path))}" />\n`);
  return page.replace(wasmPreload, (all, indent, link) => indent + link + links.map((l) => indent + l).join(''));
}

/**
 * A single file's script, inlined as a classic script at the end of <body> in place of the served page's
 * `<script type="module" src="<name>">` in <head>: the browser lays out and paints the lesson's text while the
 * script (most of the file) is still arriving, and runs it when the page above is parsed, as a module would.
 */
export function inlineScriptLast(page, name, ...scripts) {
  const tag = new RegExp(` *<script type="module" src="${name.replace('.', '\\.')}"></script>\n?`);
  if (!tag.test(page) || !page.includes('</body>')) throw new Error(`build-web: ${name}'s page has no <script type="module" src="${name}"> or no </body>`);
  const tags = scripts.map((script) => `<script>${script.replace(/<\/script/gi, '<\\/script')}</script>`);
  return page.replace(tag, '').replace(/( *)<\/body>/, (all, indent) => `${tags.map((t) => `${indent}  ${t}\n`).join('')}${all}`);
}

/**
 * A single file's scripts: its page script, and when that loads widgets after its first
 * (`import('./widgets-partN.js')`, lesson-page.js: loadWidgets), those widgets in a script of their own after
 * it (build-web-later.mjs). `options`: the esbuild options of its classic script.
 */
export async function singleFileScripts(options, demo, entry) {
  const later = /import\('\.\/(widgets-part\d+\.js)'\)/.exec(readFileSync(join(demo, entry), 'utf8'))?.[1];
  if (later) {
    const { data, first, later: rest } = await splitLater(options, join(demo, entry), join(demo, later));
    return [data, first, rest].filter(Boolean);
  }
  const js = await build({ ...options, entryPoints: [join(demo, entry)], format: 'iife', write: false });
  return [js.outputFiles[0].text];
}

/**
 * A single file's markup without its comments and the indentation of its lines (what gzip still charges for
 * them, 0.1-0.2 KiB a file, is what part 2's file needed to stay within 200 kB). Whitespace between
 * words and tags renders the same (one space or one line break either way); scripts, styles, <pre> and
 * <textarea> are left as they are.
 */
export function compactHtml(page) {
  return page
    .split(/(<script>[\s\S]*?<\/script>|<style>[\s\S]*?<\/style>|<pre[\s>][\s\S]*?<\/pre>|<textarea[\s\S]*?<\/textarea>)/)
    .map((part, i) => (i % 2 ? part : part.replace(/<!--[\s\S]*?-->/g, '').replace(/\n\s+/g, '\n')))
    .join('');
}

/** A single file inlines the engine: the served page's preload of the wasm file goes (and must). */
export function withoutPreload(page) {
  const out = page.replace(/ *<!-- the engine, fetched[^\n]*\n *<link rel="preload"[^>]*>\n/, '');
  if (out.includes('rel="preload"')) throw new Error('build-web: a single-file page kept a preload link');
  return out;
}

/** The single-file pages link to each other's single files, so the lesson opens from disk part by part. */
export function linkSingleFiles(dist) {
  const singles = { 'index.html': 'posenc-demo.html', 'methods.html': 'posenc-demo-methods.html', 'model.html': 'posenc-demo-model.html', 'train.html': 'posenc-demo-train.html' };
  for (const single of Object.values(singles)) {
    const file = join(dist, single);
    if (!existsSync(file)) continue;
    let page = readFileSync(file, 'utf8');
    for (const [served, own] of Object.entries(singles)) page = page.replaceAll(`href="${served}`, `href="${own}`);
    writeFileSync(file, page);
  }
}
