// dist/tag/: the one-tag script in parts, for a course page that shows a few widgets (issue 31).
//
// posenc-widgets.iife.js carries every widget, the trainer and every language: 298 KiB of gzip, which a phone
// on Slow 4G receives in 2.9 s before anything runs. A page with a heatmap needs a third of it. dist/tag/ holds
//
//   posenc-core.js         Lit, the engine's facade with its SIMD build without the trainer (deflated), the
//                          code and messages every widget shares (web/bundles/tag-core.js); no widget
//   posenc-<widget>.js     one widget (every one but <posenc-train>: TAG_WIDGETS), its messages in every
//                          language (<posenc-model>'s the engine's config reader too, which the core calls
//                          when it is there); it reads the modules it shares with the others from the core's
//                          globalThis.__posencTag (build-web-later.mjs), so widgets from several scripts share
//                          one Lit, one engine and one selection channel
//
// A page loads the core, then each widget's script (classic scripts, in order), or the files joined into one
// (`cat posenc-core.js posenc-heatmap.js > course.js`), or the core alone, which then loads the script of each
// widget the page shows from beside itself (tag-core.js). Each file is a function of its own, its data
// (__posencData, build-web-data.mjs) inside it, so joined files do not clash. Like the one-tag script they
// need no other file: file://, offline, a strict CSP (script-src 'self') and Moodle's AMD loader all work.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBorrowing, buildExposing, entryOf, importsOf } from './build-web-later.mjs';
import { TAG_WIDGETS } from '../web/bundles/tag-widgets.js';

const GLOBAL = '__posencTag';
const CORE = 'web/bundles/tag-core.js';

/**
 * Writes dist/tag/. `options`: esbuild's classic options with the lean engine, the late config reader
 * (build-web-shared.mjs) and the shared catalogues only; `catalogues(folder)`: the module source of one widget's catalogues beyond English
 * (build-web.mjs, deflatedCatalogues), shipped by its script.
 */
export async function buildTagScripts({ dist, options, catalogues }) {
  const root = options.absWorkingDir;
  const quiet = { ...options, format: 'iife', write: false, metafile: true, logLevel: 'silent' };
  const folderOf = (tag) => tag.slice('posenc-'.length);
  const pieceEntry = (tag) => ({
    contents: [
      // <posenc-model>'s script brings the engine's config reader, which only it uses (tag-config-reader.js)
      ...(tag === 'posenc-model' ? ["import './web/bundles/tag-config-reader.js';"] : []),
      `import './web/src/widgets/${folderOf(tag)}/${tag}.js';`,
      "import { shipCatalogues } from './web/src/i18n/index.js';",
      `import catalogues from 'posenc:tag-catalogues/${folderOf(tag)}';`,
      'shipCatalogues(catalogues);',
    ].join('\n'),
    resolveDir: root,
    sourcefile: `${tag}.js`,
  });
  const pieceCatalogues = {
    name: 'posenc-tag-catalogues',
    setup(b) {
      b.onResolve({ filter: /^posenc:tag-catalogues\// }, (a) => ({ path: a.path.split('/')[1], namespace: 'posenc-tag-catalogues' }));
      b.onLoad({ filter: /.*/, namespace: 'posenc-tag-catalogues' }, async (a) => ({ contents: await catalogues(a.path), loader: 'js', resolveDir: join(root, 'web/src/widgets/catalogues') }));
    },
  };
  const pieceOptions = { ...quiet, plugins: [pieceCatalogues, ...quiet.plugins] };

  // the core: the core entry's modules and every module two widgets share (each widget bundled alone once).
  // (The core holding only what must be one per page, each widget's script the rest of what it uses, made the
  // one-heatmap page 14 KiB lighter, its two files arriving together no sooner, and the 15 scripts 54 KiB heavier.)
  const inputsOf = async (opts, entry) => Object.keys(Object.values((await build({ ...opts, ...entryOf(entry) })).metafile.outputs)[0].inputs);
  const core = new Set(await inputsOf(quiet, join(root, CORE)));
  const uses = new Map();
  for (const inputs of await Promise.all(TAG_WIDGETS.map((tag) => inputsOf(pieceOptions, pieceEntry(tag)))))
    for (const key of inputs) uses.set(key, (uses.get(key) ?? 0) + 1);
  for (const [key, n] of uses) if (n > 1) core.add(key);

  // each widget's script reads the core's modules from __posencTag: the names they import, the core exposes
  const imported = new Map();
  for (const names of await Promise.all(TAG_WIDGETS.map((tag) => importsOf(pieceOptions, core, pieceEntry(tag)))))
    for (const [key, list] of names) {
      const had = imported.get(key);
      imported.set(key, had === '*' || list === '*' ? '*' : [...new Set([...(had ?? []), ...list])].sort());
    }
  const out = join(dist, 'tag');
  mkdirSync(out, { recursive: true });
  await Promise.all(
    TAG_WIDGETS.map(async (tag) => {
      const code = await buildBorrowing(pieceOptions, core, imported, pieceEntry(tag), GLOBAL);
      const missing = `posenc: tag/${tag}.js needs tag/posenc-core.js before it (or both in one file, the core first)`;
      writeFileSync(join(out, `${tag}.js`), `(function(){if(!globalThis.${GLOBAL}){console.error(${JSON.stringify(missing)});return}\n${code}})();\n`);
    }),
  );
  const exposed = await buildExposing(quiet, [`import ${JSON.stringify(`./${CORE}`)};`], imported, GLOBAL);
  // (a page may include it twice, as a Moodle course's blocks do: the second copy does nothing)
  writeFileSync(join(out, 'posenc-core.js'), `(function(){if(globalThis.${GLOBAL})return;\n${exposed.outputFiles[0].text}})();\n`);
}
