// VitePress 1 (Vue 3.5): the site in tests/browser/hosts/vitepress, built with `vitepress build` (packages
// from the npm registry, cached between runs: hosts/sites.mjs) and served as static files, then the same
// site on VitePress's dev server, where authors write. The recipe is docs/widgets.md's
// (hosts-recipes.test.mjs checks they are the same): isCustomElement for the posenc-* tags, posenc kept out
// of the dev server's pre-bundling, and posenc/widgets imported by the theme in the browser only. Vue sets
// the markup's values as properties, as strings, when it renders a page after a click on a link.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '../../scripts/start.mjs';
import { plainText, prepareSite, roundTrip, runIn, siteBrowser, toolEnv } from './hosts/sites.mjs';

const env = {};
before(async () => {
  env.dir = await prepareSite('vitepress');
  env.log = runIn(env.dir, 'vitepress', ['build']);
  env.server = await serve(join(env.dir, '.vitepress/dist'));
  env.browser = await siteBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.close();
  env.dev?.kill();
});

const dark = async (page) => {
  await page.locator('.VPNavBarAppearance .VPSwitchAppearance').click();
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
};

test('VitePress build: widgets drawn and interactive on page A, after the site\'s own link to page B, and back; one engine; dark mode followed', async () => {
  assert.doesNotMatch(env.log, /warn|mismatch/i, 'the build has no warnings');
  // the pre-rendered page has the tags with their values (a reader without JavaScript still gets the markup)
  assert.match(readFileSync(join(env.dir, '.vitepress/dist/index.html'), 'utf8'), /<posenc-heatmap[^>]*length="12"/);
  const page = await roundTrip({ context: env.browser.context, assert, origin: env.server.url.replace(/\/$/, ''), spa: true, dark, shotName: 'host-vitepress' });
  await page.close();
});

test('VitePress dev server: the same round trip', async () => {
  const port = await new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
  env.dev = spawn(join(env.dir, 'node_modules/.bin/vitepress'), ['dev', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: env.dir, stdio: ['ignore', 'pipe', 'pipe'], env: toolEnv() });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the dev server did not start:\n${output}`)), 60000);
    const seen = (chunk) => {
      output += plainText(chunk);
      if (output.includes(`:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    env.dev.stdout.on('data', seen);
    env.dev.stderr.on('data', seen);
    env.dev.once('exit', (code) => reject(new Error(`the dev server stopped (${code}):\n${output}`)));
  });
  const page = await roundTrip({ context: env.browser.context, assert, origin: `http://127.0.0.1:${port}`, spa: true, dark, shotName: 'host-vitepress-dev' });
  await page.close();
  assert.doesNotMatch(output, /error/i, 'the dev server reports no error');
});
