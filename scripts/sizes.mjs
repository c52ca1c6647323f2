// What users download, part by part, against the budgets and the baseline in tests/package/sizes.json.
//   node scripts/sizes.mjs                  prints the table (and what grew since the baseline)
//   node scripts/sizes.mjs --json           the report as JSON
//   node scripts/sizes.mjs --write-baseline  records today's figures as the baseline (budgets untouched)
// Two kinds of rows:
//   file   a file a page downloads, in gzip (zlib level 6, as most servers send it): the two wasm builds, the
//          engine entry, the widgets' ES module, each catalogue chunk it loads on demand, the one-tag script,
//          and, with no budget of their own, the totals of a page (ES module + SIMD wasm + its catalogue chunk)
//   part   what one piece adds to the widgets' ES module (and the chunks every page loads with it), in minified
//          bytes (esbuild's metafile): each widget
//          folder web/src/widgets/<name>/ (found by its posenc-<name>.js), the shared widget code, render and
//          state, the i18n runtime, the English catalogue, the engine facade and glue, each library
// Every row needs a budget (KiB); a new widget or library appears by itself and fails the test until its
// budget is added. CONTRIBUTING.md ("Size budgets") says when a budget may rise.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { classic, common, esm, escapeNonAscii } from './build-web.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SIZES_JSON = join(root, 'tests/package/sizes.json');
const widgetsDir = join(root, 'web/src/widgets');
const i18nDir = join(root, 'web/src/i18n');

const gz = (bytes) => gzipSync(bytes).length;
const kib = (n) => (n / 1024).toFixed(1);

/** Widget folders: web/src/widgets/<name>/ holding posenc-<name>.js. */
export const widgetFolders = () =>
  readdirSync(widgetsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(widgetsDir, d.name, `posenc-${d.name}.js`)))
    .map((d) => d.name)
    .sort();

/** Catalogue files: web/src/i18n/<locale>.js (a language tag; index.js, shipped.js and inline.js are not). */
export const catalogueLocales = () =>
  readdirSync(i18nDir)
    .map((f) => /^([a-z]{2,3}(?:-[A-Z][A-Za-z0-9]+)?)\.js$/.exec(f)?.[1])
    .filter(Boolean)
    .sort();

/** The part a bundled input belongs to (its path relative to the repository, as in esbuild's metafile). */
export function partOf(input, widgets = widgetFolders()) {
  const path = input.replace(/\\/g, '/');
  const lib = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
  if (lib) return `lib/${/^(@lit\/|lit)/.test(lib) ? 'lit' : /^d3-/.test(lib) ? 'd3' : lib}`;
  // a widget's messages count in their language's part, as the catalogues they are assembled into
  const messages = /^web\/src\/widgets\/[^/]+\/messages\/([^/]+)\.js$/.exec(path)?.[1];
  if (messages && catalogueLocales().includes(messages)) return `locale/${messages}`;
  const widget = /^web\/src\/widgets\/([^/]+)\//.exec(path)?.[1];
  if (widget && widgets.includes(widget)) return `widget/${widget}`;
  if (path.startsWith('web/src/widgets/')) return 'shared/widgets';
  if (path.startsWith('web/src/render/') || path.startsWith('web/src/state/')) return 'shared/render+state';
  const locale = /^web\/src\/i18n\/([^/]+)\.js$/.exec(path)?.[1];
  if (locale && catalogueLocales().includes(locale)) return `locale/${locale}`;
  if (path.startsWith('web/src/i18n/')) return 'shared/i18n';
  if (path.startsWith('web/src/engine/')) return 'engine/facade+glue';
  return `other/${path}`;
}

/** Measures every row. Needs web/src/engine/gen/ (the wasm build). */
export async function measure() {
  const gen = join(root, 'web/src/engine/gen');
  const rows = [];
  const file = (name, what, bytes) => rows.push({ kind: 'file', name, what, raw: bytes.length, gzip: gz(bytes) });
  for (const v of ['simd', 'scalar']) file(`posenc-${v}.wasm`, `the engine, ${v === 'simd' ? 'WebAssembly SIMD' : 'for browsers without SIMD'}`, readFileSync(join(gen, `posenc-${v}.wasm`)));

  const quiet = { write: false, logLevel: 'silent' };
  const engine = await build({ ...common, ...quiet, entryPoints: [join(root, 'web/src/engine/browser.js')], format: 'esm' });
  file('engine entry', "`import { load } from 'posenc'` for a browser (facade and glue)", Buffer.from(engine.outputFiles[0].contents));

  const widgets = await build({ ...common, ...esm, ...quiet, metafile: true, entryPoints: { 'posenc-widgets': join(widgetsDir, 'index.js') }, outdir: join(root, 'dist') });
  const text = (f) => Buffer.from(escapeNonAscii(f.text));
  const main = widgets.outputFiles.find((f) => f.path.endsWith('/posenc-widgets.js'));
  file('posenc-widgets.js', 'ES module: every widget, Lit, the engine entry, English', text(main));
  // the chunks: a catalogue per locale beyond English (loaded for a page in that language), and the engine's
  // glue (every page loads it, with the wasm)
  const chunkOf = {};
  const always = [main];
  for (const [out, meta] of Object.entries(widgets.metafile.outputs)) {
    if (!out.includes('chunks/')) continue;
    const f = widgets.outputFiles.find((o) => o.path.endsWith(out.slice(out.indexOf('chunks/'))));
    const locale = Object.keys(meta.inputs).map((i) => /web\/src\/i18n\/([^/]+)\.js$/.exec(i)?.[1]).find(Boolean);
    if (locale) {
      chunkOf[locale] = text(f);
      file(`chunk ${locale}`, `the ${locale} catalogue, loaded when a page asks for it`, chunkOf[locale]);
    } else {
      always.push(f);
      file(`chunk ${out.slice(out.indexOf('chunks/') + 7).replace(/-[A-Z0-9]+\.js$/, '')}`, 'loaded by every page with the module', text(f));
    }
  }
  const iife = await build({ ...common, ...classic, ...quiet, entryPoints: [join(widgetsDir, 'index.js')], format: 'iife', globalName: 'posenc' });
  file('posenc-widgets.iife.js', 'the one-tag script: all of it, both wasm builds and every catalogue inlined', text(iife.outputFiles[0]));

  const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
  const page = rows.filter((r) => r.name === 'posenc-widgets.js' || (r.name.startsWith('chunk ') && !(r.name.slice(6) in chunkOf))).reduce((sum, r) => sum + r.gzip, byName['posenc-simd.wasm'].gzip);
  rows.push({ kind: 'total', name: 'page en', what: 'a page in English with the ES module: module, its glue chunk, SIMD wasm', gzip: page });
  for (const locale of Object.keys(chunkOf).sort())
    rows.push({ kind: 'total', name: `page ${locale}`, what: `the same page in ${locale}: + its catalogue chunk`, gzip: page + byName[`chunk ${locale}`].gzip });

  // parts of the ES module: minified bytes each input leaves in posenc-widgets.js, summed per part
  const folders = widgetFolders();
  const parts = Object.fromEntries(folders.map((w) => [`widget/${w}`, 0]));
  const alwaysInputs = Object.entries(widgets.metafile.outputs)
    .filter(([out]) => always.some((f) => f.path.endsWith(out.replace(/^.*?dist\//, ''))))
    .flatMap(([, meta]) => Object.entries(meta.inputs));
  for (const [input, { bytesInOutput }] of alwaysInputs) {
    const part = partOf(relative(root, resolve(root, input)), folders);
    parts[part] = (parts[part] ?? 0) + bytesInOutput;
  }
  const ratio = byName['posenc-widgets.js'].gzip / byName['posenc-widgets.js'].raw;
  for (const [name, min] of Object.entries(parts).sort(([a], [b]) => a.localeCompare(b)))
    rows.push({ kind: 'part', name, what: 'minified bytes in posenc-widgets.js and the chunks every page loads', min, gzipShare: Math.round(min * ratio) });
  return rows;
}

/** The size a row is held to: gzip for files, minified bytes for parts. */
export const sizeOf = (row) => (row.kind === 'part' ? row.min : row.gzip);

/**
 * Rows with their budget (KiB), the baseline (bytes) and the change; `problems` lists what fails: a row with no
 * budget, over its budget, and a budget no row uses.
 */
export function judge(rows, { budgets = {}, baseline = {} } = readSizesJson()) {
  const problems = [];
  const judged = rows.map((r) => {
    const size = sizeOf(r);
    const budget = budgets[r.name];
    const before = baseline[r.name];
    if (r.kind === 'total'); // a sum of budgeted files
    else if (budget === undefined)
      problems.push(`${r.name} has no size budget: add "${r.name}": ${Math.ceil((size * 1.1) / 1024)} (KiB of ${r.kind === 'file' ? 'gzip' : 'minified code'}, its size now plus 10%) to "budgets" in tests/package/sizes.json${r.kind === 'part' ? `, raise posenc-widgets.js and posenc-widgets.iife.js by its gzip share (${kib(r.gzipShare)} KiB) there and in README.md ("Sizes")` : ''}, and run \`node scripts/sizes.mjs --write-baseline\` (CONTRIBUTING.md, "Size budgets")`);
    else if (size > budget * 1024) problems.push(`${r.name}: ${kib(size)} KiB is over its budget of ${budget} KiB (CONTRIBUTING.md, "Size budgets", says when a budget may rise)`);
    return { ...r, size, budget, baseline: before, change: before === undefined ? null : size - before };
  });
  for (const name of Object.keys(budgets)) if (!rows.some((r) => r.name === name)) problems.push(`tests/package/sizes.json has a budget for ${name}, which is no longer measured: remove it`);
  return { rows: judged, problems };
}

export const readSizesJson = () => JSON.parse(readFileSync(SIZES_JSON, 'utf8'));

/** The report as a table: size, budget, headroom and the change since the baseline, growth marked. */
export function table({ rows }) {
  const lines = [];
  const pad = (s, n) => String(s).padEnd(n);
  const num = (s, n) => String(s).padStart(n);
  for (const kind of ['file', 'part']) {
    lines.push(kind === 'file' ? 'Files a page downloads (KiB of gzip; a page: ES module + SIMD wasm + its catalogue chunk)' : 'Parts of posenc-widgets.js (KiB of minified code; gzip share estimated)');
    lines.push(`${pad('name', 26)}${num('size', 8)}${num('budget', 8)}${num('left', 7)}${num('change', 9)}${kind === 'part' ? num('~gzip', 8) : ''}`);
    for (const r of rows.filter((x) => x.kind === kind || (kind === 'file' && x.kind === 'total'))) {
      const sign = r.change > 0 ? '+' : '';
      const change = r.change === null ? 'new' : r.change === 0 ? '=' : Math.abs(r.change) < 103 ? `${sign}${r.change} B` : `${sign}${kib(r.change)}`;
      const left = r.kind === 'total' ? '' : r.budget === undefined ? '?' : kib(r.budget * 1024 - r.size);
      lines.push(`${pad(r.name, 26)}${num(kib(r.size), 8)}${num(r.budget ?? '-', 8)}${num(left, 7)}${num(change, 9)}${kind === 'part' ? num(kib(r.gzipShare), 8) : ''}${r.change > 0 ? '  grew' : ''}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await measure();
  const sizes = readSizesJson();
  const report = judge(rows, sizes);
  if (process.argv.includes('--write-baseline')) {
    sizes.baseline = Object.fromEntries(rows.map((r) => [r.name, sizeOf(r)]));
    writeFileSync(SIZES_JSON, `${JSON.stringify(sizes, null, 2)}\n`);
    console.log(`sizes: baseline written to ${relative(root, SIZES_JSON)}`);
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else console.log(table(report) + (report.problems.length ? `\nProblems:\n- ${report.problems.join('\n- ')}` : 'Every row is within its budget.'));
  process.exitCode = report.problems.length ? 1 : 0;
}
