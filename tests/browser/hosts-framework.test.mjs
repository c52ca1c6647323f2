// Observable Framework 1 (Rollup bundles each npm import into one file): the site in
// tests/browser/hosts/framework, built with `observable build` (packages from the npm registry, cached
// between runs: hosts/sites.mjs) and served as static files. The recipe is docs/widgets.md's
// (hosts-recipes.test.mjs checks they are the same): a `js` block imports posenc/widgets/inline, and the
// Markdown writes the widgets as HTML tags. Framework writes only the one file it bundles the import into:
// the build fails if that file still refers to a chunk (hosts-one-file.test.mjs checks the module graph).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { roundTrip, useBuiltSite } from './hosts/sites.mjs';

const env = await useBuiltSite({ name: 'framework', bin: 'observable', args: ['build'], out: 'dist', env: { OBSERVABLE_TELEMETRY_DISABLE: 'true' } });

test('Observable Framework build: posenc/widgets/inline bundled as one file; widgets drawn and interactive on page A, after the site\'s link to page B, and back; dark mode followed', async () => {
  assert.match(env.log, /2 links validated/, 'the build ran to its end');
  // the one file Framework wrote for the import, and nothing beside it
  const bundled = readdirSync(join(env.dir, 'dist/_node'), { recursive: true }).filter((f) => f.startsWith('posenc@'));
  assert.deepEqual(bundled.filter((f) => f.endsWith('.js')).map((f) => f.replace(/\.[0-9a-f]{8}\.js$/, '.js')), ['posenc@0.1.0/widgets/inline.js']);
  assert.match(readFileSync(join(env.dir, 'dist/index.html'), 'utf8'), /<posenc-heatmap[^>]*length="12"/);
  const page = await roundTrip({
    context: env.browser.context,
    assert,
    origin: env.server.url.replace(/\/$/, ''),
    spa: false,
    shotName: 'host-framework',
    // the default theme (air, near-midnight) follows the system's scheme
    dark: (p) => p.emulateMedia({ colorScheme: 'dark' }),
  });
  await page.close();
});
