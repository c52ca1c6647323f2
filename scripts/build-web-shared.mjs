// The engine shared by a classic bundle and its training worker (scripts/build-web.mjs, for the bundles that
// carry the trainer: the one-tag script, the anywidget module, the embed page and part 4's single file).
//
// <posenc-train>'s worker runs the engine's facade and glue (web/src/widgets/train/posenc-train-worker.js).
// A classic bundle starts it from a blob (web/bundles/inline-train-worker.js), and it used to carry the
// worker's code as a string beside the same modules bundled for the page: the engine twice, 28 KiB of gzip.
// Now those modules are bundled once, as the body of one function that returns them:
//
//   function run() { var posencEngine = (() => { …the engine's modules… })(); return posencEngine; }
//
// The page calls run() and imports its modules from what it returns (each import of one of them resolves to
// a module re-exporting its part: `posenc-shared:<path>`); the worker's blob is `var __posencEngine =
// (<run's source>)();` followed by the worker's own code, whose imports of the same modules read that
// variable. A function's source is its text (Function.prototype.toString), so no code is compiled from a
// string: a strict CSP allows it as it allowed the string before (worker-src blob:). run() refers to nothing
// outside itself, so its text runs alone in the worker.
import { build } from 'esbuild';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The worker's entry: the engine modules it bundles are the ones shared. */
const WORKER = 'web/src/widgets/train/posenc-train-worker.js';

/**
 * The shared part of a classic bundle. Returns { modules: Map(repo-relative path → export names), run: the
 * function's source as a module, worker: the worker's own code }.
 * @param {object} common  the esbuild options of scripts/build-web.mjs (absWorkingDir: the repository)
 * @param {object[]} plugins  more esbuild plugins for the engine's modules (noConfigReader)
 */
export async function sharedEngine(common, plugins = []) {
  const root = common.absWorkingDir;
  const quiet = { ...common, plugins: [...(common.plugins ?? []), ...plugins], write: false, logLevel: 'silent' };
  const { metafile } = await build({ ...quiet, entryPoints: [WORKER], format: 'iife', metafile: true });
  const paths = Object.keys(Object.values(metafile.outputs)[0].inputs)
    .filter((p) => !p.includes(':')) // a plugin's module (noConfigReader's) is bundled where it is imported
    .map((p) => relative(root, resolve(root, p)))
    .filter((p) => p !== WORKER)
    .sort();
  const modules = new Map();
  for (const path of paths) modules.set(path, Object.keys(await import(pathToFileURL(resolve(root, path)).href)));
  if (![...modules.keys()].some((p) => p.endsWith('engine/core.js'))) throw new Error(`build-web-shared: ${WORKER} no longer bundles engine/core.js`);

  // every shared module, whole (their exports by path), as one IIFE assigned to posencEngine
  const entry = [...modules.keys()].map((p, i) => `import * as m${i} from ${JSON.stringify(`./${p}`)};`).join('\n') +
    `\nexport default {\n${[...modules.keys()].map((p, i) => `  ${JSON.stringify(p)}: m${i},`).join('\n')}\n};\n`;
  const engine = await build({ ...quiet, stdin: { contents: entry, resolveDir: root, sourcefile: 'shared-engine.js' }, format: 'iife', globalName: 'posencEngine' });
  const body = engine.outputFiles[0].text;
  if (!/^var posencEngine\s*=/.test(body)) throw new Error('build-web-shared: the shared engine does not start with `var posencEngine =`');
  const run = `export function run() {\n${body};\nreturn posencEngine.default;\n}\nexport const shared = run();\n`;

  // the worker's own code: its imports of the shared modules read __posencEngine, which the blob sets first
  const worker = await build({
    ...quiet,
    entryPoints: [WORKER],
    format: 'iife',
    plugins: [...quiet.plugins, reexport(root, modules, (path) => `__posencEngine[${JSON.stringify(path)}]`, '')],
  });
  return { modules, run, worker: worker.outputFiles[0].text };
}

/**
 * An esbuild plugin resolving every import of a shared module to `posenc-shared:<path>`, which re-exports
 * that module's part of `source(path)` (an expression), after `prelude` (imports).
 */
export function reexport(root, modules, source, prelude) {
  return {
    name: 'posenc-shared-engine',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (a) => {
        if (a.namespace !== 'file') return undefined;
        const path = relative(root, resolve(a.resolveDir, a.path));
        return modules.has(path) ? { path, namespace: 'posenc-shared' } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'posenc-shared' }, (a) => {
        const names = modules.get(a.path);
        const named = names.filter((n) => n !== 'default');
        const lines = [prelude, `const m = ${source(a.path)};`];
        if (named.length) lines.push(`export const { ${named.join(', ')} } = m;`);
        if (names.includes('default')) lines.push('export default m.default;');
        return { contents: lines.join('\n'), loader: 'js', resolveDir: root };
      });
    },
  };
}

// what engine/core.js imports from the config reader (engine/config.js, methods.js, precision.js, mrope.js)
const CONFIG_READER = { filter: /^\.\/(config|methods|precision|mrope)\.js$/ };
const READER_NAMES = ['ropeFromConfig', 'applyOptionsFromConfig', 'ropeOfLayer', 'positionFromConfig', 'cosSin', 'precision', 'lengthOfPositions', 'mropeApply', 'mropePositionIds'];

/**
 * Reading transformers configs (pe.fromConfig, pe.rope.fromConfig, the `config` option: engine/config.js,
 * models.js, methods.js and what only they use, 36 KiB of minified code) left out of a single file whose
 * widgets never read one (every part but 3, <posenc-model>'s): core.js gets functions that say so instead.
 * So are the other calls only <posenc-model> makes, on the configs' RoPE (pe.rope.cosSin and precision,
 * engine/precision.js; M-RoPE's pe.rope.mropePositionIds, engine/mrope.js: 8 KiB more, 3 KiB of gzip).
 * The public entries (posenc, posenc/widgets, the one-tag script) keep them all.
 */
export const noConfigReader = {
  name: 'posenc-no-config-reader',
  setup(b) {
    b.onResolve(CONFIG_READER, (a) => (/[\\/]engine[\\/]core\.js$/.test(a.importer) ? { path: 'no-config', namespace: 'posenc-no-config' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'posenc-no-config' }, () => ({
      contents: `const missing = () => { throw new Error('this file carries no reader of transformers configs (pe.fromConfig, pe.rope.fromConfig, the config option) nor pe.rope.cosSin, precision and mropePositionIds: the one-tag script and posenc/widgets have them'); };
export { ${READER_NAMES.map((n) => `missing as ${n}`).join(', ')} };`,
      loader: 'js',
    }));
  },
};

/**
 * The config reader of dist/tag/ (build-web-tag.mjs): in the core, engine/core.js gets functions that call
 * the reader `<posenc-model>`'s script installs (web/bundles/tag-config-reader.js), or say which script has it.
 */
export const lateConfigReader = {
  name: 'posenc-late-config-reader',
  setup(b) {
    b.onResolve(CONFIG_READER, (a) => (/[\\/]engine[\\/]core\.js$/.test(a.importer) ? { path: 'late-config', namespace: 'posenc-late-config' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'posenc-late-config' }, () => ({
      contents: `const late = (name) => (...args) => {
  const reader = globalThis.__posencTag?.configReader;
  if (!reader) throw new Error('transformers configs (pe.fromConfig, pe.rope.fromConfig, the config option) and pe.rope.cosSin, precision and mropePositionIds come with tag/posenc-model.js, which this page does not load');
  return reader[name](...args);
};
${READER_NAMES.map((n) => `export const ${n} = late(${JSON.stringify(n)});`).join('\n')}`,
      loader: 'js',
    }));
  },
};

/**
 * pe.train's JavaScript (engine/train.js) left out of the single files whose engine has no trainer (the lean
 * builds, web/bundles/inline-lean.js): their pe.train.create could only say so, and still does.
 */
export const noTrainerApi = {
  name: 'posenc-no-trainer-api',
  setup(b) {
    b.onResolve({ filter: /^\.\/train\.js$/ }, (a) =>
      /[\\/]engine[\\/]core\.js$/.test(a.importer) ? { path: 'no-trainer', namespace: 'posenc-no-trainer', pluginData: a.resolveDir } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'posenc-no-trainer' }, (a) => ({
      // (train.js's lists alone: esbuild leaves out its trainApi, which nothing imports)
      contents: `import { TRAIN_TASKS as tasks, TRAIN_POSITIONS as positions } from './train.js';
const create = () => { throw new TypeError('pe.train.create: this file carries the engine without the trainer; the one-tag script and posenc/widgets have it'); };
export const trainApi = () => Object.freeze({ tasks, positions, create });`,
      resolveDir: a.pluginData,
      loader: 'js',
    }));
  },
};
