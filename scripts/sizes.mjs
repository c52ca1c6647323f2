// What users download, part by part, against the budgets and the baseline in tests/package/sizes.json.
//   node scripts/sizes.mjs                  prints the table (and what grew since the baseline)
//   node scripts/sizes.mjs --json           the report as JSON
//   node scripts/sizes.mjs --write-baseline  records today's figures as the baseline (budgets untouched) and
//                                           regenerates README's table of sizes from it
// Two kinds of rows:
//   file   a file a page downloads, in gzip (zlib level 6, as most servers send it): the two wasm builds, the
//          engine entry, <posenc-train>'s worker, the widgets' ES module, each chunk it loads (a catalogue
//          per locale beyond English, the engine's glue), the one-tag script, and, with no budget of their
//          own, the totals of a page (ES module + SIMD wasm + its catalogue chunk)
//   part   what one piece adds to the ES module's files, in minified bytes (esbuild's metafile), with the file
//          it lands in: each widget folder web/src/widgets/<name>/ (found by its posenc-<name>.js) and its
//          messages in each language, the shared widget code, render and state, the i18n runtime, each
//          locale's shared messages, the engine facade, the engine's glue, each library
// Budgets (KiB): a part has its own line in "budgets" or, for a widget and its messages, the default in
// "defaults"; the files of the ES module and the one-tag script have none typed: theirs is the sum of their
// parts' budgets (converted to gzip at the file's measured ratio; the one-tag script's parts are the ES
// module's files and the wasm builds it inlines in base64) plus the file's "headroom", which also bounds
// what no part accounts for. The other files have their own line. CONTRIBUTING.md ("Size budgets") says
// when a budget may rise.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { deflated64 } from './build.mjs';
import { build } from 'esbuild';
import { buildWeb, catalogueBlobs, classic, common, esm, escapeNonAscii } from './build-web.mjs';
import { messagesExport } from './build-web-messages.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SIZES_JSON = join(root, 'tests/package/sizes.json');
const widgetsDir = join(root, 'web/src/widgets');
const cataloguesDir = join(root, 'web/src/widgets/catalogues');

const gz = (bytes) => gzipSync(bytes).length;
const kib = (n) => (n / 1024).toFixed(1);

/** Widget folders: web/src/widgets/<name>/ holding posenc-<name>.js. */
export const widgetFolders = () =>
  readdirSync(widgetsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(widgetsDir, d.name, `posenc-${d.name}.js`)))
    .map((d) => d.name)
    .sort();

/** Catalogue files: web/src/widgets/catalogues/<locale>.js (a language tag; shipped.js and inline.js are not). */
export const catalogueLocales = () =>
  readdirSync(cataloguesDir)
    .map((f) => /^([a-z]{2,3}(?:-[A-Z][A-Za-z0-9]+)?)\.js$/.exec(f)?.[1])
    .filter(Boolean)
    .sort();

/** The part a bundled input belongs to (its path relative to the repository, as in esbuild's metafile). */
export function partOf(input, widgets = widgetFolders(), locales = catalogueLocales()) {
  const path = input.replace(/\\/g, '/');
  if (path.startsWith('posenc-schemes:')) return 'lib/d3'; // d3-scale-chromatic's schemes as tables (build-web-schemes.mjs)
  const lib = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
  if (lib) return `lib/${/^(@lit\/|lit)/.test(lib) ? 'lit' : /^d3-/.test(lib) ? 'd3' : lib}`;
  // a widget's messages are a part per language (they land in that language's file); the shared ones
  // (element/) count in the language's part, with the catalogue that assembles them
  // (a file's English block is the file itself; each other block a module of its own: build-web-messages.mjs)
  const [, folder, block = 'en'] = /^(?:posenc-messages:)?web\/src\/widgets\/([^/]+)\/messages\.js(?:#(\w+))?$/.exec(path) ?? [];
  const messages = folder && locales.find((l) => messagesExport(l) === block);
  if (messages) return widgets.includes(folder) ? `widget/${folder} ${messages}` : `locale/${messages}`;
  // the catalogues: each language's file is its part, and what loads them counts with the i18n code
  const locale = /^web\/src\/widgets\/catalogues\/([^/]+)\.js$/.exec(path)?.[1];
  if (locale && locales.includes(locale)) return `locale/${locale}`;
  if (path.startsWith('web/src/widgets/catalogues/') || path.startsWith('web/src/i18n/')) return 'shared/i18n';
  const widget = /^web\/src\/widgets\/([^/]+)\//.exec(path)?.[1];
  if (widget && widgets.includes(widget)) return `widget/${widget}`;
  if (path.startsWith('web/src/widgets/')) return 'shared/widgets';
  if (path.startsWith('web/src/render/') || path.startsWith('web/src/state/')) return 'shared/render+state';
  if (path.startsWith('web/src/engine/gen/')) return 'engine/glue';
  if (path.startsWith('web/src/engine/')) return 'engine/facade';
  return `other/${path}`;
}

const SINGLE_FILES = [
  ['posenc-anywidget.js', 'the anywidget module (Jupyter, MyST): every widget, the engine with the trainer and every catalogue inlined'],
  ['posenc-embed.html', 'the embed page as one file: every widget, the engine with the trainer'],
  ['posenc-demo.html', "the lesson's part 1 as one file: its widgets, the engine without the trainer, their catalogues"],
  ['posenc-demo-methods.html', 'part 2 as one file, likewise'],
  ['posenc-demo-model.html', 'part 3 as one file, likewise'],
  ['posenc-demo-train.html', 'part 4 as one file, with the engine with the trainer'],
];

/** Measures every row. Needs web/src/engine/gen/ (the wasm build). */
export async function measure() {
  const gen = join(root, 'web/src/engine/gen');
  const rows = [];
  const file = (name, what, bytes, more = {}) => rows.push({ kind: 'file', name, what, raw: bytes.length, gzip: gz(bytes), ...more });
  const wasm = {};
  for (const v of ['simd', 'scalar', 'train-simd', 'train-scalar']) {
    wasm[v] = readFileSync(join(gen, `posenc-${v}.wasm`));
    const what = `the engine${v.startsWith('train') ? ' with the trainer (load({ train: true }), <posenc-train>)' : ''}, ${v.endsWith('simd') ? 'WebAssembly SIMD' : 'for browsers without SIMD'}`;
    file(`posenc-${v}.wasm`, what, wasm[v]);
  }

  const quiet = { write: false, logLevel: 'silent' };
  const engine = await build({ ...common, ...quiet, entryPoints: [join(root, 'web/src/engine/browser.js')], format: 'esm' });
  file('engine entry', "`import { load } from 'posenc'` for a browser (facade and glue)", Buffer.from(engine.outputFiles[0].contents));
  const worker = await build({ ...common, ...quiet, entryPoints: [join(widgetsDir, 'train/posenc-train-worker.js')], format: 'esm' });
  file('posenc-train-worker.js', "<posenc-train>'s worker (engine core and glue), started by the widget", Buffer.from(worker.outputFiles[0].contents));

  const widgets = await build({ ...common, ...esm, ...quiet, metafile: true, entryPoints: { 'posenc-widgets': join(widgetsDir, 'index.js') }, outdir: join(root, 'dist') });
  const text = (f) => Buffer.from(escapeNonAscii(f.text));
  // each output of the ES module is a file row: posenc-widgets.js, a catalogue chunk per locale beyond English
  // (loaded for a page in that language) and the engine's glue (every page loads it, with the wasm)
  const esmFiles = []; // [metafile output, row name]
  const chunkLocales = [];
  for (const [out, meta] of Object.entries(widgets.metafile.outputs)) {
    const f = widgets.outputFiles.find((o) => o.path.endsWith(out.replace(/^.*?dist\//, '/')));
    const chunk = out.includes('chunks/');
    const locale = chunk ? Object.keys(meta.inputs).map((i) => /web\/src\/widgets\/catalogues\/([^/]+)\.js$/.exec(i)?.[1]).find(Boolean) : undefined;
    if (locale) chunkLocales.push(locale);
    const name = !chunk ? 'posenc-widgets.js' : `chunk ${locale ?? out.slice(out.indexOf('chunks/') + 7).replace(/-[A-Z0-9]+\.js$/, '')}`;
    const what = !chunk ? 'ES module: every widget, Lit, the engine entry, English' : locale ? `the ${locale} catalogue, loaded when a page asks for it` : 'loaded by every page with the module';
    esmFiles.push([out, name]);
    const bytes = text(f);
    file(name, what, bytes, { ratio: gz(bytes) / bytes.length, bundle: 'parts', locale });
  }
  const iife = await build({ ...common, ...classic, ...quiet, entryPoints: [join(widgetsDir, 'index.js')], format: 'iife', globalName: 'posenc' });
  // the one-tag script carries the ES module's files but the glue of the build without the trainer, the
  // catalogue chunks as deflated JSON in base64 (scripts/build-web.mjs), and the SIMD wasm build with the
  // trainer deflated in base64: each counted at what its form in the script does to its gzip (its worker
  // runs the engine the page runs: scripts/build-web-shared.mjs)
  const deflated = (bytes) => gz(Buffer.from(deflated64(bytes)));
  // each catalogue's messages, and its share of the keys they have in common (build-web.mjs, catalogueBlobs)
  const blobs = await catalogueBlobs();
  const catalogues = Object.fromEntries(chunkLocales.map((l) => [l, gz(Buffer.from(blobs.locales[l])) + gz(Buffer.from(blobs.keys)) / chunkLocales.length]));
  const byRow = Object.fromEntries(rows.map((r) => [r.name, r]));
  const of = [
    ...esmFiles.filter(([, name]) => name !== 'chunk posenc-simd').map(([, name]) => {
      const locale = byRow[name].locale;
      return { name, factor: locale ? catalogues[locale] / byRow[name].gzip : 1 };
    }),
    { name: 'posenc-train-simd.wasm', factor: deflated(wasm['train-simd']) / gz(wasm['train-simd']) },
  ];
  file('posenc-widgets.iife.js', 'the one-tag script: all of it, the SIMD wasm build with the trainer and every catalogue inlined (deflated)', text(iife.outputFiles[0]), { bundle: 'files', of });

  // the files that carry everything in one (issue 31): the anywidget module, the single-file embed page and
  // the lesson's single files, as scripts/build-web.mjs writes them (each its own budget)
  const work = mkdtempSync(join(tmpdir(), 'posenc-sizes-'));
  try {
    const dist = await buildWeb({ outDir: join(work, 'dist'), quiet: true });
    for (const [name, what] of SINGLE_FILES) file(name, what, readFileSync(join(dist, name)));
    // the one-tag script in parts (scripts/build-web-tag.mjs): a page loads the core and its widgets' scripts,
    // the largest of which is held to one budget for all
    const tag = join(dist, 'tag');
    file('tag/posenc-core.js', 'the one-tag script in parts, its core: Lit, the engine without the trainer, the shared code and messages', readFileSync(join(tag, 'posenc-core.js')));
    const [largest] = readdirSync(tag).filter((f) => f !== 'posenc-core.js').map((f) => [f, readFileSync(join(tag, f))]).sort(([, a], [, b]) => gz(b) - gz(a));
    file('tag/posenc-<widget>.js', `the script of one widget in dist/tag/, after the core: the largest (${largest[0]})`, largest[1]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
  const onEveryPage = rows.filter((r) => r.bundle === 'parts' && !r.locale);
  const page = onEveryPage.reduce((sum, r) => sum + r.gzip, byName['posenc-simd.wasm'].gzip);
  rows.push({ kind: 'total', name: 'page en', what: 'a page in English with the ES module: module, its glue chunk, SIMD wasm', gzip: page });
  for (const locale of chunkLocales.sort())
    rows.push({ kind: 'total', name: `page ${locale}`, what: `the same page in ${locale}: + its catalogue chunk`, gzip: page + byName[`chunk ${locale}`].gzip });

  // parts of the ES module: minified bytes each input leaves in its output, summed per part and file
  const folders = widgetFolders();
  const parts = Object.fromEntries(folders.map((w) => [`widget/${w}`, { min: 0, in: {} }]));
  for (const [out, name] of esmFiles)
    for (const [input, { bytesInOutput }] of Object.entries(widgets.metafile.outputs[out].inputs)) {
      const part = (parts[partOf(relative(root, resolve(root, input)), folders)] ??= { min: 0, in: {} });
      part.min += bytesInOutput;
      part.in[name] = (part.in[name] ?? 0) + bytesInOutput;
    }
  for (const [name, { min, in: files }] of Object.entries(parts).sort(([a], [b]) => a.localeCompare(b))) {
    const main = Object.entries(files).sort(([, a], [, b]) => b - a)[0]?.[0] ?? 'posenc-widgets.js';
    rows.push({ kind: 'part', name, what: `minified bytes in ${main}`, min, file: main, in: files, gzipShare: Math.round(min * byName[main].ratio) });
  }
  return rows;
}

/** The size a row is held to: gzip for files, minified bytes for parts. */
export const sizeOf = (row) => (row.kind === 'part' ? row.min : row.gzip);

/** A part's budget (KiB): its own line, else the default for a widget or a widget's messages; undefined if none. */
export function budgetOf(name, { budgets = {}, defaults = {} } = {}) {
  if (budgets[name] !== undefined) return { budget: budgets[name], from: 'budgets' };
  const [, messages] = /^widget\/[^/ ]+ (\S+)$/.exec(name) ?? [];
  if (messages) {
    const d = defaults['widget/<m> <locale>']?.[messages];
    return d === undefined ? undefined : { budget: d, from: 'default' };
  }
  if (/^widget\/[^/ ]+$/.test(name) && defaults['widget/<m>'] !== undefined) return { budget: defaults['widget/<m>'], from: 'default' };
  return undefined;
}

/**
 * Rows with their budget (KiB), the baseline (bytes) and the change; `problems` lists what fails: a row with no
 * budget, over its budget, a file carrying more than its headroom outside its parts, and a budget no row uses.
 * The budget of a file of parts (`bundle`) is computed: the sum of its parts' budgets in gzip plus its headroom.
 */
export function judge(rows, { budgets = {}, defaults = {}, headroom = {}, ceilings = {}, baseline = {} } = readSizesJson()) {
  const problems = [];
  const KiB = 1024;
  const judged = {};
  const fail = (r, size, budget, how) => size > budget * KiB && problems.push(`${r.name}: ${kib(size)} KiB is over its budget of ${+budget.toFixed(1)} KiB (${how}; CONTRIBUTING.md, "Size budgets", says when a budget may rise)`);
  const add = (r, size, budget, more = {}) => {
    const before = baseline[r.name];
    judged[r.name] = { ...r, size, budget, baseline: before, change: before === undefined ? null : size - before, ...more };
  };
  for (const r of rows.filter((x) => x.kind === 'part' || (x.kind === 'file' && !x.bundle))) {
    const size = sizeOf(r);
    const own = budgetOf(r.name, { budgets, defaults });
    if (own === undefined) {
      const locale = /^widget\/\S+ (\S+)$/.exec(r.name)?.[1];
      const line = `${Math.ceil((size * 1.1) / KiB)} (KiB of ${r.kind === 'file' ? 'gzip' : 'minified code'}, its size now plus 10%)`;
      problems.push(`${r.name} has no size budget: add ${locale ? `"${locale}": ${line} to "widget/<m> <locale>" in "defaults"` : `"${r.name}": ${line} to "budgets"`} in tests/package/sizes.json, and run \`node scripts/sizes.mjs --write-baseline\` (CONTRIBUTING.md, "Size budgets")`);
    } else fail(r, size, own.budget, own.from === 'default' ? `the default for ${/ /.test(r.name) ? "a widget's messages" : 'a widget'} in "defaults" of tests/package/sizes.json; a widget that needs more gets its own line in "budgets"` : 'its line in tests/package/sizes.json');
    add(r, size, own?.budget, { from: own?.from });
  }
  // files made of parts, then files made of files: budget = sum of the parts' budgets (gzip) + headroom
  for (const kind of ['parts', 'files']) {
    for (const r of rows.filter((x) => x.bundle === kind)) {
      const parts =
        kind === 'parts'
          ? Object.values(judged).filter((p) => p.kind === 'part' && p.in[r.name]).map((p) => ({ name: p.name, size: p.in[r.name] * r.ratio, budget: p.budget === undefined ? undefined : (p.in[r.name] / p.min) * p.budget * KiB * r.ratio }))
          : r.of.map(({ name, factor }) => ({ name, size: judged[name].size * factor, budget: judged[name].budget === undefined ? undefined : judged[name].budget * KiB * factor }));
      const room = headroom[r.name];
      if (budgets[r.name] !== undefined) problems.push(`tests/package/sizes.json has a budget for ${r.name}, which is computed from its parts: remove it (give it a "headroom" instead)`);
      if (room === undefined) problems.push(`${r.name} has no headroom: add "${r.name}": 1 to "headroom" in tests/package/sizes.json (KiB of gzip beyond its parts' budgets; CONTRIBUTING.md, "Size budgets")`);
      const complete = room !== undefined && parts.every((p) => p.budget !== undefined);
      const budget = complete ? (parts.reduce((s, p) => s + p.budget, 0) + room * KiB) / KiB : undefined;
      const outside = r.gzip - parts.reduce((s, p) => s + p.size, 0);
      const what = kind === 'parts' ? `its ${parts.length} parts' budgets at ${r.ratio.toFixed(3)} KiB of gzip per KiB of code` : `the budgets of the ${parts.length} files it carries`;
      // a ceiling holds the file to its size whatever its parts' budgets sum to (issue 31: the one-tag script)
      if (ceilings[r.name] !== undefined) fail(r, r.gzip, ceilings[r.name], 'its ceiling in tests/package/sizes.json');
      if (complete) {
        fail(r, r.gzip, budget, `${what}, plus a headroom of ${room} KiB`);
        if (outside > room * KiB) problems.push(`${r.name}: ${kib(outside)} KiB of it is in none of its parts, more than its headroom of ${room} KiB: something was added outside the parts (${kind === 'parts' ? 'an input no part claims' : 'a file it carries that is not listed in scripts/sizes.mjs'}); give it a part or raise the headroom in a commit that says why`);
      }
      const held = ceilings[r.name] === undefined ? budget : Math.min(budget ?? Infinity, ceilings[r.name]);
      add(r, r.gzip, held, { from: 'parts', room, outside, parts: parts.length, how: what, ceiling: ceilings[r.name] });
    }
  }
  for (const r of rows.filter((x) => x.kind === 'total')) add(r, r.gzip, undefined);
  const named = new Set(rows.map((r) => r.name));
  for (const name of Object.keys(budgets)) if (!named.has(name)) problems.push(`tests/package/sizes.json has a budget for ${name}, which is no longer measured: remove it`);
  for (const name of Object.keys(ceilings)) if (!rows.some((r) => r.name === name && r.bundle)) problems.push(`tests/package/sizes.json has a ceiling for ${name}, which is not a file made of parts: remove it`);
  for (const name of Object.keys(headroom)) if (!rows.some((r) => r.name === name && r.bundle)) problems.push(`tests/package/sizes.json has a headroom for ${name}, which is not a file made of parts: remove it`);
  return { rows: rows.map((r) => judged[r.name]), problems };
}

export const readSizesJson = () => JSON.parse(readFileSync(SIZES_JSON, 'utf8'));

/** The report as tables: size, budget, headroom and the change since the baseline, growth marked. */
export function table({ rows }) {
  const lines = [];
  const pad = (s, n) => String(s).padEnd(n);
  const num = (s, n) => String(s).padStart(n);
  const change = (r) => {
    const sign = r.change > 0 ? '+' : '';
    return r.change === null ? 'new' : r.change === 0 ? '=' : Math.abs(r.change) < 103 ? `${sign}${r.change} B` : `${sign}${kib(r.change)}`;
  };
  const budget = (r) => (r.budget === undefined ? '-' : `${+r.budget.toFixed(1)}${r.from === 'default' ? '*' : ''}`);
  const left = (r) => (r.kind === 'total' ? '' : r.budget === undefined ? '?' : kib(r.budget * 1024 - r.size));
  const messages = (r) => / /.test(r.name);
  lines.push('Files a page downloads (KiB of gzip; a page: ES module + SIMD wasm + its catalogue chunk)');
  lines.push(`${pad('name', 26)}${num('size', 8)}${num('budget', 8)}${num('left', 7)}${num('change', 9)}`);
  for (const r of rows.filter((x) => x.kind === 'file' || x.kind === 'total'))
    lines.push(`${pad(r.name, 26)}${num(kib(r.size), 8)}${num(budget(r), 8)}${num(left(r), 7)}${num(change(r), 9)}${r.change > 0 ? '  grew' : ''}`);
  for (const r of rows.filter((x) => x.from === 'parts'))
    lines.push(`  ${r.name}: budget = ${r.how} + ${r.room ?? '?'} KiB headroom${r.ceiling === undefined ? '' : `, at most its ceiling of ${r.ceiling} KiB`}; ${kib(Math.max(0, r.outside))} KiB in none of them`);
  lines.push('');
  lines.push('Parts of the ES module (KiB of minified code; gzip share estimated; * = the default budget)');
  lines.push(`${pad('name', 26)}${num('size', 8)}${num('budget', 8)}${num('left', 7)}${num('change', 9)}${num('~gzip', 8)}  file`);
  for (const r of rows.filter((x) => x.kind === 'part' && !messages(x)))
    lines.push(`${pad(r.name, 26)}${num(kib(r.size), 8)}${num(budget(r), 8)}${num(left(r), 7)}${num(change(r), 9)}${num(kib(r.gzipShare), 8)}  ${r.file}${r.change > 0 ? '  grew' : ''}`);
  // a widget's messages: one line per widget, a column per language
  const words = rows.filter((x) => x.kind === 'part' && messages(x));
  const locales = [...new Set(words.map((r) => r.name.split(' ')[1]))].sort();
  if (words.length) {
    lines.push('');
    lines.push("Widgets' messages (KiB of minified code: size/budget, change; each in its language's file)");
    lines.push(`${pad('widget', 26)}${locales.map((l) => num(l, 20)).join('')}`);
    for (const w of [...new Set(words.map((r) => r.name.split(' ')[0]))]) {
      const cells = locales.map((l) => {
        const r = words.find((x) => x.name === `${w} ${l}`);
        return num(r ? `${kib(r.size)}/${budget(r)} ${change(r)}` : '', 20);
      });
      const grew = locales.some((l) => words.find((x) => x.name === `${w} ${l}`)?.change > 0);
      lines.push(`${pad(w, 26)}${cells.join('')}${grew ? '  grew' : ''}`);
    }
  }
  lines.push('');
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
    // README's table of sizes is generated from it
    const { writeGenerated } = await import('./gen-schema.mjs');
    console.log(`gen-schema: ${writeGenerated()}`);
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else console.log(table(report) + (report.problems.length ? `\nProblems:\n- ${report.problems.join('\n- ')}` : 'Every row is within its budget.'));
  process.exitCode = report.problems.length ? 1 : 0;
}
