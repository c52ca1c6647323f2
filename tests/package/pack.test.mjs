// The isolated npm smoke tests: pack the package as it would be published, install the tarball into an
// empty project, and use it the way consumers do — `import { load } from 'posenc'` in Node; an app that
// imports 'posenc' and 'posenc/widgets', bundled with esbuild and opened in Chromium; the published type
// declarations under tsc.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ALL_WIDGET_TAGS } from '../../web/src/widgets/tags.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'posenc-pack-'));
const app = join(work, 'app');
let packed; // { filename, files }
after(() => rmSync(work, { recursive: true, force: true }));

const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

before(async () => {
  // `npm pack` runs prepack (the full build) when publishing; here the build is npm test's first step, so
  // the scripts are skipped and only a missing web build is made up for.
  if (!existsSync(join(root, 'dist/posenc-widgets.iife.js'))) {
    const { buildWeb } = await import('../../scripts/build-web.mjs');
    await buildWeb({ quiet: true });
  }
  [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], root));
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', type: 'module', private: true }));
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, packed.filename)], app);
});

test('the tarball holds what consumers need at runtime and nothing else', () => {
  const paths = packed.files.map((f) => f.path);
  assert.ok(readdirSync(join(app, 'node_modules')).includes('posenc'));
  for (const needed of [
    'dist/esm/engine/node.js',
    'dist/esm/engine/browser.js',
    'web/src/engine/index.d.ts',
    'dist/esm/engine/gen/posenc-simd.wasm',
    'dist/esm/engine/gen/posenc-scalar.wasm',
    'dist/esm/engine/gen/posenc-simd.mjs',
    'dist/esm/engine/gen/posenc-train-simd.wasm',
    'dist/esm/engine/gen/posenc-train-scalar.wasm',
    'dist/esm/engine/gen/posenc-train-simd.mjs',
    'dist/esm/widgets/index.js',
    'web/src/widgets/index.d.ts',
    'dist/esm/widgets/element/frame-controller.js',
    'dist/esm/render/canvas.js',
    'dist/esm/state/channel.js',
    'dist/posenc-widgets.iife.js',
    'dist/posenc-anywidget.js',
    'dist/esm/widgets/inline.js',
    'web/src/widgets/anywidget.d.ts',
    'dist/esm/engine/inline.js',
    'dist/esm/engine/inline-loader.js',
    'dist/esm/engine/inflate.js',
    'dist/esm/engine/gen/posenc-wasm-inline.mjs',
    'dist/posenc-embed.html',
    'dist/tag/posenc-core.js',
    ...['posenc-heatmap', 'posenc-methods'].map((w) => `dist/tag/${w}.js`),
  ])
    assert.ok(paths.includes(needed), `the tarball lacks ${needed}`);
  // the modules ship as dist/esm/ (build-web-package.mjs): of web/src, only the type declarations
  for (const path of paths) assert.ok(!/^(cpp|tests|build|bench|scripts|docs|web\/demo|web\/bundles)\/|^web\/src\/.*\.m?js$|\.test\.mjs$/.test(path), `the tarball should not ship ${path}`);
  // not for the package's users: the lesson's single files (the demo; `npm run build` writes them into dist/)
  // and the scalar builds' glue, which nothing imports (one glue serves both builds, scripts/build-web.mjs)
  for (const path of paths) assert.ok(!/^dist\/posenc-demo|-scalar\.mjs$/.test(path), `the tarball should not ship ${path}`);
  // every module the published sources import is in the tarball or a dependency
  const pkg = JSON.parse(readFileSync(join(app, 'node_modules/posenc/package.json'), 'utf8'));
  assert.ok(!('katex' in (pkg.dependencies ?? {})), 'katex is only for the demo build');
  const installed = join(app, 'node_modules/posenc');
  for (const path of paths.filter((p) => /\.(m?js|html)$/.test(p))) {
    const text = readFileSync(join(installed, path), 'utf8');
    assert.doesNotMatch(text, /https?:\/\/(cdn\.|unpkg\.com|[\w.]*jsdelivr|esm\.sh|cdnjs|skypack|fonts\.googleapis)/i, `${path} names a CDN`);
    if (!path.startsWith('dist/esm/') || !path.endsWith('.js')) continue;
    for (const [, spec] of text.matchAll(/(?:^|[;\s])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g)) {
      if (spec.startsWith('.')) assert.ok(existsSync(join(installed, path, '..', spec)), `${path} imports ${spec}, which is not in the tarball`);
      else if (!spec.startsWith('node:')) assert.ok(['lit', 'd3-scale-chromatic'].includes(spec.split('/')[0]), `${path} imports ${spec}: not a dependency`);
    }
  }
});

test('the tarball stays within its budget (tests/package/sizes.json, "tarball")', () => {
  const { tarball } = JSON.parse(readFileSync(join(root, 'tests/package/sizes.json'), 'utf8'));
  const kib = (packed.size / 1024).toFixed(1);
  assert.ok(packed.size <= tarball.budget * 1024, `the npm tarball is ${kib} KiB, over its budget of ${tarball.budget} KiB: ${tarball.about}`);
});

test('npm pack → install in an empty folder → import and compute in Node', () => {
  writeFileSync(
    join(app, 'main.js'),
    `import { load } from 'posenc';
     const pe = await load();
     const t = pe.sinusoidal({ length: 2, dModel: 4, base: 100 });
     const iife = import.meta.resolve('posenc/widgets.iife.js');
     const tag = import.meta.resolve('posenc/tag/posenc-core.js');
     console.log(JSON.stringify({ simd: pe.simd, value: t[6], slopes: Array.from(pe.alibi.slopes(2)), iife, tag }));`,
  );
  const result = JSON.parse(execFileSync(process.execPath, ['main.js'], { cwd: app, encoding: 'utf8' }));
  assert.ok(existsSync(fileURLToPath(result.iife)) && result.iife.endsWith('/dist/posenc-widgets.iife.js'), `posenc/widgets.iife.js → ${result.iife}`);
  assert.ok(existsSync(fileURLToPath(result.tag)) && result.tag.endsWith('/dist/tag/posenc-core.js'), `posenc/tag/posenc-core.js → ${result.tag}`);
  assert.ok(Math.abs(result.value - Math.sin(0.1)) < 1e-7, `PE(1, 2) = ${result.value}`);
  assert.deepEqual(result.slopes, [0.0625, 0.00390625]);
});

test("importing 'posenc/widgets' and 'posenc/widgets/inline' in Node is safe (server rendering: no window, no DOM)", () => {
  // Site generators (Docusaurus, VitePress, Astro) import the page's modules in Node to render HTML: the
  // import must not touch window or document, and the widget classes must be there for the server renderer.
  writeFileSync(
    join(app, 'ssr.js'),
    `const widgets = await import('posenc/widgets');
     const inline = await import('posenc/widgets/inline');
     console.log(JSON.stringify({
       window: typeof window, document: typeof document,
       classes: [widgets.PosencHeatmap, inline.PosencRope].map((c) => typeof c),
       same: widgets.PosencHeatmap === inline.PosencHeatmap,
       tags: widgets.ALL_WIDGET_TAGS.length,
       defined: widgets.ALL_WIDGET_TAGS.filter((t) => globalThis.customElements?.get(t)).length,
     }));`,
  );
  const result = JSON.parse(execFileSync(process.execPath, ['ssr.js'], { cwd: app, encoding: 'utf8', timeout: 60000 } /* a handle left open (a timer, a port) would keep Node running: fail instead of hanging */));
  assert.deepEqual(result, { window: 'undefined', document: 'undefined', classes: ['function', 'function'], same: true, tags: result.tags, defined: result.tags });
  assert.equal(result.tags, ALL_WIDGET_TAGS.length, 'the package registers every widget of web/src/widgets/tags.js');
});

test('the published type declarations compile in a consumer (tsc, bundler and NodeNext resolution)', () => {
  writeFileSync(
    join(app, 'consumer.ts'),
    `import { load, type Engine } from 'posenc';
     import { WIDGET_TAGS, type PosencHeatmap } from 'posenc/widgets';
     const pe: Engine = await load();
     const table: Float32Array = pe.sinusoidal({ length: 4, dModel: 8 });
     const el: PosencHeatmap = document.createElement('posenc-heatmap');
     el.dModel = table.length;
     const code: string = el.embedFrameCode + el.embedCode;
     export const tags: readonly string[] = [...WIDGET_TAGS, code];
     // @ts-expect-error the heatmap has no such property
     el.notAnAttribute = 1;`,
  );
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  for (const [module, moduleResolution] of [['ESNext', 'Bundler'], ['NodeNext', 'NodeNext']]) {
    const config = { compilerOptions: { target: 'ES2022', module, moduleResolution, strict: true, noEmit: true, skipLibCheck: true, lib: ['ES2022', 'DOM'] }, files: ['consumer.ts'] };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(config));
    try {
      execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      assert.fail(`tsc (${moduleResolution}):\n${err.stdout}${err.stderr}`);
    }
  }
});

test("an app bundled with esbuild imports 'posenc' and 'posenc/widgets', and the widgets render in Chromium", async () => {
  const { build } = await import('esbuild');
  const { chromium } = await import('playwright-core');
  const { serve } = await import('../../scripts/start.mjs');
  const { CHROMIUM_ARGS } = await import('../browser/helpers.mjs');
  const src = join(app, 'src');
  const out = join(app, 'public');
  mkdirSync(src, { recursive: true });
  mkdirSync(join(out, 'gen'), { recursive: true });
  writeFileSync(
    join(src, 'main.js'),
    `import { load } from 'posenc';
     import { WIDGET_TAGS, METHOD_WIDGET_TAGS } from 'posenc/widgets';
     const pe = await load();
     document.getElementById('value').textContent = String(pe.sinusoidal({ length: 2, dModel: 4, base: 100 })[6]);
     for (const tag of ['posenc-heatmap', 'posenc-compare', 'posenc-rope']) {
       const el = document.createElement(tag);
       el.setAttribute('group', 'app');
       document.body.append(el);
     }
     window.appTags = WIDGET_TAGS.length + METHOD_WIDGET_TAGS.length;`,
  );
  writeFileSync(
    join(out, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>consumer</title><link rel="icon" href="data:,">
     <script type="module" src="main.js"></script></head><body><p id="value"></p></body></html>`,
  );
  const result = await build({
    entryPoints: [join(src, 'main.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: out,
    absWorkingDir: app,
    logLevel: 'silent',
    metafile: true,
  });
  // the generated engine module is an ES module through and through: no CommonJS tail for a bundler to warn about
  assert.deepEqual(result.warnings.map((w) => w.text), []);
  const inputs = Object.keys(result.metafile.inputs);
  assert.ok(inputs.some((p) => p.includes('node_modules/posenc/dist/esm/engine/browser.js')), 'the browser entry of posenc was bundled');
  assert.ok(!inputs.some((p) => p.includes('engine/node.js')), 'the Node entry stayed out of the browser bundle');
  assert.doesNotMatch(readFileSync(join(out, 'main.js'), 'utf8'), /from\s*["']node:|require\(["'](fs|path|node:)/, 'no Node built-in in the bundle');
  // esbuild does not follow new URL('./gen/…wasm', import.meta.url) (Vite and webpack 5 do): copy the files
  // (with the trainer too: <posenc-train> loads that build)
  for (const f of ['posenc-simd.wasm', 'posenc-scalar.wasm', 'posenc-train-simd.wasm', 'posenc-train-scalar.wasm']) copyFileSync(join(app, 'node_modules/posenc/dist/esm/engine/gen', f), join(out, 'gen', f));

  const server = await serve(out);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    const errors = [];
    const foreign = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(server.url)) return route.continue();
      foreign.push(route.request().url());
      return route.abort();
    });
    await page.goto(server.url);
    await page.waitForFunction(() => window.appTags > 0 && document.querySelectorAll('body > [group]').length === 3, null, { timeout: 15000 });
    await page.evaluate(() => Promise.all([...document.querySelectorAll('body > [group]')].map((e) => e.whenReady())));
    const state = await page.evaluate(() => ({
      value: Number(document.getElementById('value').textContent),
      widgets: [...document.querySelectorAll('body > [group]')].map((e) => {
        const canvas = e.shadowRoot.querySelector('canvas');
        let colours = 0;
        if (canvas?.width) {
          const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
          const seen = new Set();
          for (let i = 0; i < data.length; i += 4 * 5) if (data[i + 3]) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
          colours = seen.size;
        }
        return { tag: e.localName, height: e.getBoundingClientRect().height, colours, error: e.shadowRoot.querySelector('.error')?.textContent ?? '' };
      }),
      cosine: document.querySelector('posenc-compare').result?.cosine,
    }));
    assert.ok(Math.abs(state.value - Math.sin(0.1)) < 1e-7, `engine value ${state.value}`);
    for (const w of state.widgets) {
      assert.equal(w.error, '', `${w.tag} error`);
      assert.ok(w.height > 150 && w.colours > 8, `${w.tag} drawn: ${JSON.stringify(w)}`);
    }
    assert.ok(state.cosine > 0.9 && state.cosine < 1, `compare result ${state.cosine}`);
    assert.deepEqual(foreign, [], 'no request left the app');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
});
