// Astro Starlight: the site in tests/browser/hosts/starlight, built with `astro build` (packages from the
// npm registry, cached between runs: hosts/sites.mjs) and served as static files. The recipe is
// docs/widgets.md's (hosts-recipes.test.mjs checks they are the same): the import is in a <script> of an
// .astro component, which Astro bundles for the browser (an import at the top of an MDX page runs at
// build time only), and each MDX page with widgets renders that component. Starlight loads each page
// anew when a link is followed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { roundTrip, useBuiltSite } from './hosts/sites.mjs';

const env = await useBuiltSite({ name: 'starlight', bin: 'astro', args: ['build'], out: 'dist', env: { ASTRO_TELEMETRY_DISABLED: '1' } });

test('Starlight: widgets drawn and interactive on page A, after the site\'s own link to page B, and back; one engine per page; dark mode followed', async () => {
  // the generated engine module has no CommonJS tail for Astro's bundler to warn about
  assert.doesNotMatch(env.log, /COMMONJS_VARIABLE_IN_ESM|module\.exports/, 'no CommonJS warning in the build');
  // the pre-rendered page has the tags with their values (a reader without JavaScript still gets the markup)
  assert.match(readFileSync(join(env.dir, 'dist/index.html'), 'utf8'), /<posenc-heatmap[^>]*length="12"/);
  const page = await roundTrip({
    context: env.browser.context,
    assert,
    origin: env.server.url.replace(/\/$/, ''),
    spa: false,
    shotName: 'host-starlight',
    dark: async (p) => {
      await p.locator('starlight-theme-select select').first().selectOption('dark');
      await p.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    },
  });
  await page.close();
});
