// `posenc/widgets/inline` is one file's worth of modules: bundlers that put a package into a single file
// (Observable Framework bundles each npm import with Rollup and keeps only the entry chunk) must find no
// `import()` of a module outside that file, or the page refers to a chunk nobody wrote. A dynamic import
// is harmless only when its module is also imported statically on the same path (every bundler then
// resolves it from the file it already has: the catalogues of ../../web/src/widgets/catalogues/shipped.js are such).
// Checked on the module graph (esbuild's metafile), then on a real one-file bundle run in Chromium.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { serve } from '../../scripts/start.mjs';
import { canvasStats, root, setup, shot } from './helpers.mjs';

/** The dynamic imports reached from `entry` whose module is not reached by static imports too. */
async function loneDynamicImports(entry) {
  const { metafile } = await build({ entryPoints: [join(root, entry)], bundle: true, format: 'esm', platform: 'browser', write: false, metafile: true, logLevel: 'silent', outdir: tmpdir() });
  const start = relative(process.cwd(), join(root, entry));
  const statically = new Set([start]);
  const queue = [start];
  while (queue.length) for (const i of metafile.inputs[queue.pop()].imports) if (i.kind !== 'dynamic-import' && !statically.has(i.path)) statically.add(i.path), queue.push(i.path);
  const lone = [];
  for (const path of statically) for (const i of metafile.inputs[path].imports) if (i.kind === 'dynamic-import' && !statically.has(i.path)) lone.push(`${path} → ${i.path}`);
  return lone;
}

test('posenc/widgets/inline reaches no import() of a module outside its static graph (a one-file bundle holds everything it loads)', async () => {
  assert.deepEqual(await loneDynamicImports('web/src/widgets/inline.js'), []);
  // the control: the ES module's entry does load chunks (the glue, the catalogues beyond English), so the walk finds them
  const es = await loneDynamicImports('web/src/widgets/index.js');
  assert.ok(es.some((p) => p.endsWith('gen/posenc-simd.mjs')) && es.some((p) => p.endsWith('catalogues/es.js')), `the ES module's lazy chunks are found: ${es.join(', ')}`);
});

const site = {};
const env = {};
before(async () => {
  Object.assign(env, await setup());
  site.dir = mkdtempSync(join(tmpdir(), 'posenc-one-file-'));
  // what a one-file bundler does with an npm import: everything inlined, no code splitting (posenc resolved
  // as a package, through its exports map)
  mkdirSync(join(site.dir, 'node_modules'));
  symlinkSync(root, join(site.dir, 'node_modules/posenc'));
  const [out] = (await build({ stdin: { contents: "export * from 'posenc/widgets/inline';", resolveDir: site.dir }, bundle: true, splitting: false, format: 'esm', platform: 'browser', minify: true, write: false, logLevel: 'silent', outfile: join(site.dir, 'posenc.js') })).outputFiles;
  site.code = out.text;
  writeFileSync(join(site.dir, 'posenc.js'), out.text);
  writeFileSync(
    join(site.dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>one file</title><link rel="icon" href="data:,">
     <script type="module" src="posenc.js"></script></head>
     <body><posenc-heatmap id="heatmap" length="12" d-model="16"></posenc-heatmap></body></html>`,
  );
  site.server = await serve(site.dir);
});
after(async () => {
  await site.server?.close();
  if (site.dir) rmSync(site.dir, { recursive: true, force: true });
  await env.close?.();
});

test('a one-file bundle of posenc/widgets/inline (esbuild, no splitting) names no other file and draws its widgets in Chromium', async () => {
  // (asserted as booleans: a failing match would print the whole bundle)
  assert.ok(!/import\(\s*["'`]\.{0,2}\//.test(site.code), 'no import() of a chunk');
  assert.ok(!/new URL\([^)]*\.wasm/.test(site.code), 'no wasm file fetched (the builds are inlined)');
  const page = await env.context.newPage();
  const requests = [];
  const errors = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(new URL('index.html', site.server.url).href);
  await page.waitForFunction(() => customElements.get('posenc-heatmap'));
  await page.evaluate(() => document.getElementById('heatmap').whenReady());
  assert.ok((await canvasStats(page, '#heatmap')).colours > 8, 'the heatmap is drawn');
  assert.deepEqual(requests.sort(), ['/index.html', '/posenc.js'], 'the page and the one file, nothing else');
  assert.deepEqual(errors, []);
  await shot(page.locator('#heatmap'), 'one-file-heatmap');
  await page.close();
});
