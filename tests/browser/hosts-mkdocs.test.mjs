// The widgets on a Markdown static site: MkDocs (Debian's mkdocs package) with its default `mkdocs` theme,
// which brings Bootstrap 4, jQuery and keyboard shortcuts heard on the document (s opens its search, n and
// p change page, ? shows help). The site in tests/browser/hosts/mkdocs writes three widgets as raw HTML in
// its Markdown and loads the one-tag script the way the README tells authors to; here it is built with
// `mkdocs build --strict` and served as the static files MkDocs makes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../../scripts/start.mjs';
import { canvasStats, root, setup, shot, waitReady } from './helpers.mjs';

const WIDGETS = ['#heatmap', '#cmp', '#pipe'];

// (one before hook: at the top level of a file, Node 20 starts each hook as it is declared, not in turn)
const env = {};
const site = {};
before(async () => {
  Object.assign(env, await setup());
  site.work = mkdtempSync(join(tmpdir(), 'posenc-mkdocs-'));
  cpSync(join(root, 'tests/browser/hosts/mkdocs'), site.work, { recursive: true });
  cpSync(join(env.outDir, 'posenc-widgets.iife.js'), join(site.work, 'docs/posenc-widgets.iife.js'));
  try {
    execFileSync('mkdocs', ['build', '--strict', '--quiet', '-f', join(site.work, 'mkdocs.yml'), '-d', join(site.work, 'site')], { stdio: 'pipe' });
  } catch (err) {
    throw new Error(err.code === 'ENOENT' ? 'mkdocs is not installed (Debian: apt-get install mkdocs)' : `mkdocs build failed: ${err.stderr}`);
  }
  site.server = await serve(join(site.work, 'site'));
});

after(async () => {
  await site.server?.close();
  if (site.work) rmSync(site.work, { recursive: true, force: true });
  await env.close?.();
});

/** The built page at `width`, with every widget ready; errors and requests that left the site are collected. */
async function open(width) {
  const page = await env.context.newPage();
  page.errors = [];
  page.foreign = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && page.errors.push(m.text()));
  await page.route('**/*', (route) => {
    if (route.request().url().startsWith(site.server.url)) return route.continue();
    page.foreign.push(route.request().url());
    return route.abort();
  });
  await page.setViewportSize({ width, height: 900 });
  await page.goto(site.server.url);
  await page.waitForFunction(() => customElements.get('posenc-heatmap'), null, { timeout: 10000 });
  await waitReady(page);
  return page;
}

test('MkDocs site (default theme): the widgets written in the Markdown are ready and drawn, offline, and keys typed into one stay out of the theme\'s shortcuts', async () => {
  const page = await open(1000);
  const info = await page.evaluate((ids) => ({
    // the theme is really there: Debian's package links Bootstrap in, and the build must have copied it
    bootstrapRules: document.querySelector('link[href$="bootstrap.min.css"]')?.sheet?.cssRules.length ?? 0,
    inMain: ids.map((id) => Boolean(document.querySelector(`[role=main] ${id}`))),
    cosine: document.querySelector('#cmp').result?.cosine,
    sum: document.querySelector('#pipe').shadowRoot.textContent.includes('Hello'),
  }), WIDGETS);
  assert.ok(info.bootstrapRules > 100, `the theme's Bootstrap is loaded (${info.bootstrapRules} rules)`);
  assert.deepEqual(info.inMain, [true, true, true], 'the widgets sit in the theme\'s main column');
  assert.ok(info.cosine > 0.9 && info.cosine < 1, `compare computed a cosine (${info.cosine})`);
  assert.ok(info.sum, 'the pipeline shows its token');
  for (const sel of ['#heatmap', '#cmp']) assert.ok((await canvasStats(page, sel)).colours > 8, `${sel} drawn`);

  // "s" would open the theme's search and take the focus, "n"/"p" would change page: typed into the
  // pipeline's token field they are text
  const field = page.locator('#pipe').locator('input.tok');
  await field.fill('');
  await field.pressSequentially('snp?');
  await field.press('Enter');
  await waitReady(page);
  assert.equal(await page.evaluate(() => document.querySelector('#pipe').token), 'snp?');
  const modals = await page.evaluate(() => [...document.querySelectorAll('.modal.show')].map((m) => m.id));
  assert.deepEqual(modals, [], 'no theme dialog opened');
  assert.equal(page.url(), site.server.url);
  // the same keys outside a widget do reach the theme (so the check above can fail)
  await page.locator('h1').first().click();
  await page.keyboard.press('s');
  await page.waitForSelector('#mkdocs_search_modal.show', { timeout: 3000 });

  await shot(page.locator('#cmp'), 'mkdocs-compare');
  assert.deepEqual(page.foreign, [], 'nothing fetched from outside the site');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('MkDocs site at 320 px: the widgets fit the theme\'s column and the page does not scroll sideways', async () => {
  const page = await open(320);
  const layout = await page.evaluate((ids) => {
    const main = document.querySelector('[role=main]');
    const column = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
    return { scroll: document.documentElement.scrollWidth, column, rights: ids.map((id) => [id, document.querySelector(id).getBoundingClientRect().right]) };
  }, WIDGETS);
  assert.ok(layout.scroll <= 320, `page scroll width ${layout.scroll}`);
  for (const [id, right] of layout.rights) assert.ok(right <= layout.column + 0.5, `${id} ends at ${right}, the column at ${layout.column}`);
  const heatmap = await canvasStats(page, '#heatmap');
  assert.ok(heatmap.colours > 8 && heatmap.cssWidth <= layout.column, `heatmap drawn in the column (${heatmap.cssWidth} px wide)`);
  await shot(page.locator('#heatmap'), 'mkdocs-heatmap-320');
  assert.deepEqual(page.foreign, []);
  assert.deepEqual(page.errors, []);
  await page.close();
});
