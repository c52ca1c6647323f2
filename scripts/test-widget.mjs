// `npm run test:widget <name>`: one widget's own browser tests (web/src/widgets/<name>/*.test.mjs) and the
// shared browser tests narrowed to it (POSENC_TEST_WIDGET, tests/browser/selection.mjs): axe and keyboard,
// every language, compact layout, size attributes, properties set as strings, and for a method widget its
// exports and repaints. The web bundles are built once for their inputs and reused (tests/browser/bundles.mjs),
// so a second run after an edit that does not touch web/ starts at once. Two checks without a browser run
// first, in seconds: gen-schema --check (what the shared tests need of every widget, from its descriptor, and
// the generated files being current) and the messages' keys (tests/js/i18n.test.mjs).
// Extra arguments go to `node --test` (`--test-name-pattern=axe`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { METHOD_WIDGET_TAGS, ALL_WIDGET_TAGS } from '../web/src/widgets/tags.js';
import { root } from './toolchain.mjs';

const [name, ...rest] = process.argv.slice(2);
const names = ALL_WIDGET_TAGS.map((t) => t.slice('posenc-'.length));
if (!name || !names.includes(name.replace(/^posenc-/, ''))) {
  console.error(`usage: npm run test:widget <name> [-- node --test options]\n  <name>: ${names.join(', ')}`);
  process.exit(2);
}
const tag = `posenc-${name.replace(/^posenc-/, '')}`;
const folder = join('web/src/widgets', tag.slice('posenc-'.length));
const own = existsSync(join(root, folder)) ? readdirSync(join(root, folder)).filter((f) => f.endsWith('.test.mjs')).map((f) => join(folder, f)) : [];
const shared = ['a11y', 'i18n', 'compact', 'attribute-ranges', 'properties-as-strings', ...(METHOD_WIDGET_TAGS.includes(tag) ? ['methods'] : [])].map((f) => `tests/browser/${f}.test.mjs`);

const t0 = Date.now();
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, POSENC_TEST_WIDGET: tag } }).status;
// two files at a time: most of a file's time is Chromium and the page waiting, not this process
const status =
  run(['scripts/gen-schema.mjs', '--check']) || run(['--test', 'tests/js/i18n.test.mjs']) || run(['--test', '--test-concurrency=2', ...rest, ...own, ...shared]);
console.log(`test:widget ${tag}: ${status ? 'FAILED' : 'ok'} in ${((Date.now() - t0) / 1000).toFixed(1)} s (${own.length + shared.length} browser test files)`);
process.exit(status ?? 1);
