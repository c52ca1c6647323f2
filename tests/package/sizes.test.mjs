// Download sizes (gzip, zlib's default level 6, as most servers send them) of what users load, against the
// budgets in README.md ("Sizes"). Prints the figures. The web bundles are built into a temporary folder
// (the repo's dist/ is left alone).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { buildWeb } from '../../scripts/build-web.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'posenc-sizes-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Budgets in KiB of gzip; the README's size table must state the same numbers. */
export const BUDGETS = {
  'posenc-simd.wasm': 93,
  'posenc-scalar.wasm': 92,
  'engine entry': 26,
  'posenc-widgets.js': 214,
  'posenc-widgets.iife.js': 474,
};

const kib = (n) => (n / 1024).toFixed(1);

test('gzip sizes of the wasm, the engine entry, the widgets bundle and the one-file script stay within budget', async (t) => {
  const dist = await buildWeb({ outDir: join(work, 'dist'), singleFile: false, quiet: true });
  // the engine as a bundler ships `import { load } from 'posenc'` in a browser: the facade and the glue of
  // both builds, minified (the wasm is a separate file)
  const engine = await build({
    entryPoints: [join(root, 'web/src/engine/browser.js')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const files = {
    'posenc-simd.wasm': readFileSync(join(root, 'web/src/engine/gen/posenc-simd.wasm')),
    'posenc-scalar.wasm': readFileSync(join(root, 'web/src/engine/gen/posenc-scalar.wasm')),
    'engine entry': Buffer.from(engine.outputFiles[0].contents),
    'posenc-widgets.js': readFileSync(join(dist, 'posenc-widgets.js')),
    'posenc-widgets.iife.js': readFileSync(join(dist, 'posenc-widgets.iife.js')),
  };
  const rows = [];
  for (const [name, bytes] of Object.entries(files)) {
    const gz = gzipSync(bytes).length;
    rows.push({ name, raw: bytes.length, gz, budget: BUDGETS[name] });
    t.diagnostic(`${name.padEnd(24)} ${kib(bytes.length).padStart(7)} KiB raw  ${kib(gz).padStart(6)} KiB gzip  (budget ${BUDGETS[name]} KiB)`);
  }
  for (const r of rows) assert.ok(r.gz <= r.budget * 1024, `${r.name}: ${kib(r.gz)} KiB gzip is over its budget of ${r.budget} KiB`);

  // the README states the same budgets
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  for (const [name, budget] of Object.entries(BUDGETS)) {
    const row = readme.split('\n').find((line) => line.startsWith('|') && line.includes(name));
    assert.ok(row, `README.md has no size row for ${name}`);
    assert.match(row, new RegExp(`\\|\\s*${budget} KiB\\s*\\|\\s*$`), `README.md: the budget of ${name} should read ${budget} KiB`);
  }
});
