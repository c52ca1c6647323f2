// A widget's words are one file, a block per language (web/src/widgets/<name>/messages.js: `export const en`,
// `es`, `zhCN`). The element imports `en`, and esbuild drops the other blocks from its bundle. But esbuild splits
// code by file, not by export: a catalogue chunk (web/src/widgets/catalogues/es.js, loaded when a page asks for
// Spanish) importing `es` from the same file would move the whole file, every language, into a chunk that the
// English page loads too. So in a bundle, a catalogue's import of a messages.js reads a module of its own holding
// only that catalogue's block (namespace posenc-messages, path `<file>#<block>`), made from the file at build time.
import { stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The export of a messages.js that holds a language's block: its tag without the hyphen (`zh-CN` → `zhCN`). */
export const messagesExport = (locale) => locale.replace(/-/g, '');

const CATALOGUE = /[\\/]web[\\/]src[\\/]widgets[\\/]catalogues[\\/]([^\\/.]+)\.js$/;

export const messagesBlocks = {
  name: 'posenc-messages',
  setup(b) {
    const root = b.initialOptions.absWorkingDir ?? process.cwd();
    b.onResolve({ filter: /\/messages\.js$/ }, (a) => {
      const locale = CATALOGUE.exec(a.importer)?.[1];
      // English stays the file itself: the elements import it anyway, and it is on every page
      if (!locale || locale === 'en') return undefined;
      const file = relative(root, resolve(a.resolveDir, a.path)).replace(/\\/g, '/');
      return { path: `${file}#${messagesExport(locale)}`, namespace: 'posenc-messages' };
    });
    b.onLoad({ filter: /.*/, namespace: 'posenc-messages' }, async (a) => {
      const [file, block] = a.path.split('#');
      const path = join(root, file);
      // the modification time in the URL: a rebuild in the same process (npm start) reads an edited file again
      const words = (await import(`${pathToFileURL(path).href}?t=${(await stat(path)).mtimeMs}`))[block];
      if (!words) return { errors: [{ text: `${file} has no \`export const ${block}\`, which its catalogue imports` }] };
      return { contents: `export const ${block} = ${JSON.stringify(words)};\n`, loader: 'js', watchFiles: [path] };
    });
  },
};
