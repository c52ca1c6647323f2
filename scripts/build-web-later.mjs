// A single file's widgets after its first, in a script of their own after the page's script (issue 31).
//
// A lesson part's page script carries its first widget and loads the others once the first screen is drawn
// (web/demo/lesson-page.js, loadWidgets: `import('./widgets-part2.js')`). Served, that import is a chunk of
// its own. In a single file it used to be bundled into the one inline script at the end of <body>, and a
// classic script runs only once all of it has arrived: on a phone at Slow 4G the first widget waited for the
// later widgets' 34-42 KiB of gzip (0.2 s) and for the parsing of their code. Now the file has three scripts:
//
//   <script>function __posencData(k) { …the page script's data (the engine's wasm, catalogues)… }</script>
//   <script>…the page script, which ends with  __posencModules = { "<module>": <its exports>, … }…</script>
//   <script>globalThis.__posencLater = …(function () { …the later widgets, whose imports of the page's
//           modules read __posencModules… })</script>
//
// The page script runs as soon as it is parsed, while the later one is still arriving. The later one only
// hands its code over; the page script's `import('./widgets-part2.js')` runs it (at once if it has arrived,
// else when it does), so the later widgets still start after the first screen, as served. Every module both need is the
// page script's (one Lit, one engine, one catalogue of messages); the later script bundles only its own.
// The one-tag script in parts (build-web-tag.mjs) splits the same way: importsOf, buildBorrowing, buildExposing.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const MODULES = '__posencModules';
const LATER = '__posencLater';

/** A module's key as esbuild's metafile names it: its path from the root, or `namespace:path` for a plugin's. */
const keyOf = (root, { path, namespace }) => (namespace === 'file' ? relative(root, path) : `${namespace}:${path}`);

/**
 * The scripts of a single file. `options`: the esbuild options of its classic script (common and the
 * inline plugins); `entry`: the page script; `later`: the module its dynamic import loads (absolute paths).
 * Returns { data, first, later }: the scripts' code, in the order they go in the file (data null if none).
 */
export async function splitLater(options, entry, later) {
  const root = options.absWorkingDir;
  const laterKey = relative(root, later);
  const quiet = { ...options, format: 'iife', write: false, metafile: true, logLevel: 'silent' };
  // the page script without the later widgets: its import of them hands over to the later script
  const stub = {
    name: 'posenc-later-stub',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (a) =>
        a.kind === 'dynamic-import' && relative(root, resolve(a.resolveDir, a.path)) === laterKey ? { path: laterKey, namespace: 'posenc-later' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'posenc-later' }, () => ({
        contents: `// the later widgets' script (after this one) hands over its code: run it now, or once it has arrived
const run = (code) => { globalThis.${LATER} = null; code(); };
const code = globalThis.${LATER};
if (typeof code === 'function') run(code);
else {
  const waiting = (arrived) => {
    try { run(arrived); } catch (err) { console.error(\`posenc demo: a widget's code could not load: \${err?.message ?? err}\`); }
  };
  globalThis.${LATER} = waiting;
  // a file cut short (a download stopped) ends before that script, which a whole file has run by its load: say
  // so, rather than leave the widgets blank
  const check = () => {
    if (globalThis.${LATER} !== waiting) return;
    const why = 'This file ends before the script of its later widgets (cut short?): only the first widget runs.';
    console.error(\`posenc demo: \${why}\`);
    document.getElementById('engine-status')?.append(\` \${why}\`);
  };
  if (document.readyState === 'complete') check();
  else addEventListener('load', check);
}`,
        loader: 'js',
      }));
    },
  };
  const first = await build({ ...quiet, plugins: [stub, ...options.plugins], entryPoints: [entry] });
  const firstModules = new Set(Object.keys(Object.values(first.metafile.outputs)[0].inputs));

  // the later script: each import of a module the page script has reads it from __posencModules (the
  // names it imports, learned by a first build: the page script exposes those alone, its other exports stay
  // tree-shaken; exposing whole modules cost 11 KiB of gzip in part 2)
  const imported = await importsOf(quiet, firstModules, later);
  const laterCode = await buildBorrowing(quiet, firstModules, imported, later, MODULES);
  if (laterCode.includes('__posencData(')) throw new Error(`build-web-later: ${laterKey} carries data (wasm, catalogues): they belong to the page script`);
  const exposed = await buildExposing({ ...quiet, plugins: [stub, ...options.plugins] }, [`import ${JSON.stringify(`./${relative(root, entry)}`)};`], imported, MODULES);
  // handed to the page script's waiting import if it asked already, else left for it
  const handOver = `globalThis.${LATER}=(function(f){return typeof globalThis.${LATER}==="function"?(globalThis.${LATER}(f),null):f})(function(){\n${laterCode}});\n`;
  // the page script's data (the wasm, the catalogues: build-web-data.mjs) in a script of its own before its
  // code, so that the later script follows code it shares text with: gzip finds repeats within 32 KiB only
  // (about 1 KiB less in part 1). The page script calls __posencData when it runs, by when it is defined.
  const code = exposed.outputFiles[0].text;
  const at = code.indexOf('\nfunction __posencData(');
  return at < 0 ? { data: null, first: code, later: handOver } : { data: code.slice(at + 1), first: code.slice(0, at + 1), later: handOver };
}

/** esbuild's options for an entry: a file's path, or esbuild's `stdin` ({ contents, resolveDir, sourcefile }). */
export const entryOf = (entry) => (typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: entry });

/**
 * An esbuild plugin for a script that runs after another (the "first"): each import of one of
 * `firstModules` (keys as keyOf gives them) reads that module from `globalThis[global][key]`, or, with
 * `imported` null, is left as an import of `posenc-first:<key>` (external, in an ES module: importsOf).
 */
function borrowing(root, firstModules, imported, global) {
  return {
    name: 'posenc-from-first',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (a) => {
        if (a.pluginData?.fromFirst || a.kind === 'entry-point') return undefined;
        const target = await b.resolve(a.path, { kind: a.kind, importer: a.importer, namespace: a.namespace, resolveDir: a.resolveDir, pluginData: { fromFirst: true } });
        if (target.errors.length) return { errors: target.errors };
        const key = keyOf(root, target);
        if (firstModules.has(key)) return imported ? { path: key, namespace: 'posenc-first' } : { path: `posenc-first:${key}`, external: true };
        return target.external ? { path: target.path, external: true } : { path: target.path, namespace: target.namespace, pluginData: target.pluginData, sideEffects: target.sideEffects };
      });
      b.onLoad({ filter: /.*/, namespace: 'posenc-first' }, (a) => {
        const names = imported.get(a.path) ?? [];
        const m = `globalThis.${global}[${JSON.stringify(a.path)}]`;
        if (names === '*') return { contents: `module.exports = ${m};`, loader: 'js' };
        const named = names.filter((n) => n !== 'default');
        return { contents: [`const m = ${m};`, named.length ? `export const { ${named.join(', ')} } = m;` : '', names.includes('default') ? 'export default m.default;' : ''].join('\n'), loader: 'js' };
      });
    },
  };
}

/**
 * What the script of `entry` (esbuild `options`: classic, quiet, metafile) imports from the modules of the
 * first script (`firstModules`): key → the names, or '*' for a whole module, [] for its side effects alone.
 */
export async function importsOf(options, firstModules, entry) {
  const probe = await build({ ...options, format: 'esm', minify: false, plugins: [borrowing(options.absWorkingDir, firstModules, null), ...options.plugins], ...entryOf(entry) });
  return importedNames(probe.outputFiles[0].text);
}

/** The code of `entry`'s script, its imports of `firstModules` read from globalThis[global] (importsOf's `imported`). */
export async function buildBorrowing(options, firstModules, imported, entry, global) {
  const out = await build({ ...options, plugins: [borrowing(options.absWorkingDir, firstModules, imported, global), ...options.plugins], ...entryOf(entry) });
  return out.outputFiles[0].text;
}

/**
 * The first script: `lines` (its entry's imports) and, after them, globalThis[global] = each module of
 * `imported` as an object of the names the later scripts import (the first script has run whole when they
 * read it; none of its modules reassigns an export: checked). Returns esbuild's result (metafile included).
 */
export async function buildExposing(options, lines, imported, global) {
  const root = options.absWorkingDir;
  const keys = [...imported.keys()].sort();
  for (const key of keys) {
    const file = resolve(root, key);
    if (!key.includes(':') && /^export\s+(let|var)\s/m.test(readFileSync(file, 'utf8'))) throw new Error(`build-web-later: ${key} exports a variable a later script would read once`);
  }
  const exposing = {
    name: 'posenc-expose',
    setup(b) {
      b.onResolve({ filter: /^posenc-module:/ }, (a) => {
        const key = a.path.slice('posenc-module:'.length);
        const ns = /^([a-z-]+):(.*)$/.exec(key);
        return ns ? { path: ns[2], namespace: ns[1] } : { path: resolve(root, key) };
      });
    },
  };
  const wrapper = [...lines];
  const objects = [];
  keys.forEach((key, i) => {
    const names = imported.get(key);
    const from = JSON.stringify(`posenc-module:${key}`);
    if (names === '*') {
      wrapper.push(`import * as m${i} from ${from};`);
      objects.push(`  ${JSON.stringify(key)}: m${i},`);
    } else if (!names.length) wrapper.push(`import ${from};`);
    else {
      wrapper.push(`import { ${names.map((n, j) => `${n} as m${i}_${j}`).join(', ')} } from ${from};`);
      objects.push(`  ${JSON.stringify(key)}: { ${names.map((n, j) => `${n}: m${i}_${j}`).join(', ')} },`);
    }
  });
  wrapper.push(`globalThis.${global} = {`, ...objects, '};');
  const exposed = await build({ ...options, plugins: [exposing, ...options.plugins], stdin: { contents: wrapper.join('\n'), resolveDir: root, sourcefile: 'exposing.js' } });
  const inputs = Object.keys(Object.values(exposed.metafile.outputs)[0].inputs);
  for (const k of keys) if (!inputs.includes(k)) throw new Error(`build-web-later: the first script does not hold ${k}, which a later script imports`);
  return exposed;
}

/**
 * What an ES module imports from each `posenc-first:<key>` (esbuild's output, not minified): key → its
 * imported names ('default' among them), '*' when it takes the whole module, [] for its side effects alone.
 */
function importedNames(code) {
  const out = new Map();
  for (const [, clause, key] of code.matchAll(/^import\s+([^;]*?)\s+from\s+"posenc-first:([^"]+)";/gm)) {
    if (/\*\s+as\s/.test(clause)) {
      out.set(key, '*');
      continue;
    }
    const names = new Set(out.get(key) === '*' ? [] : out.get(key) ?? []);
    const def = /^([\w$]+)\s*(,|$)/.exec(clause);
    if (def) names.add('default');
    for (const spec of /\{([^}]*)\}/.exec(clause)?.[1].split(',') ?? []) {
      const name = spec.trim().split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
    if (out.get(key) !== '*') out.set(key, [...names].sort());
  }
  for (const [, key] of code.matchAll(/^import\s+"posenc-first:([^"]+)";/gm)) if (!out.has(key)) out.set(key, []);
  return out;
}
