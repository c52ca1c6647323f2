// Docusaurus 3 (React 19): the site in tests/browser/hosts/docusaurus, built as a course author would
// (`docusaurus build`, packages from the npm registry, cached between runs: hosts/sites.mjs) and served as
// static files. The recipe is docs/widgets.md's (hosts-recipes.test.mjs checks they are the same): a client
// module imports posenc/widgets/inline in the browser, and the MDX pages write the widgets as HTML tags.
// React renders the page in the browser after a click on a link and sets the markup's values as
// properties, as strings: the widgets must read them as their attributes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { roundTrip, useBuiltSite } from './hosts/sites.mjs';

const env = await useBuiltSite({ name: 'docusaurus', bin: 'docusaurus', args: ['build', '--out-dir', 'build'], out: 'build', env: { NODE_ENV: 'production', DOCUSAURUS_TELEMETRY_DISABLED: '1' } });

test('Docusaurus: widgets drawn and interactive on page A, after the site\'s own link to page B, and back; one engine; dark mode followed', async () => {
  assert.doesNotMatch(env.log, /\[WARNING\]/, 'the build has no warnings');
  // the pre-rendered page has the tags with their values (a reader without JavaScript still gets the markup)
  assert.match(readFileSync(join(env.dir, 'build/index.html'), 'utf8'), /<posenc-heatmap[^>]*length="12"/);
  const page = await roundTrip({
    context: env.browser.context,
    assert,
    origin: env.server.url.replace(/\/$/, ''),
    spa: true,
    shotName: 'host-docusaurus',
    dark: async (p) => {
      // the theme's toggle cycles its modes
      for (let i = 0; i < 3 && (await p.evaluate(() => document.documentElement.dataset.theme)) !== 'dark'; i++)
        await p.getByRole('button', { name: /dark and light mode/i }).click();
    },
  });
  await page.close();
});
