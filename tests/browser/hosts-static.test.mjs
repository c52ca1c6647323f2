// Course sites built by tools from Debian (scripts/toolchain.mjs installs them): Hugo 0.111, Sphinx 5.3,
// Jekyll 4.3 and Jupyter's nbconvert 6.5, each building its test site in tests/browser/hosts/<tool> the way docs/widgets.md
// tells authors (hosts-recipes.test.mjs checks the recipes are these files), with the one-tag script copied
// where the recipe puts it. Each built page is served as static files and opened in Chromium: every widget
// reads its settings and draws, nothing is fetched from outside the site.
// - Hugo: goldmark drops raw HTML unless `unsafe`; the script's path goes through relURL, so a page with a
//   pretty URL (/next/) finds it too.
// - Sphinx: `.. raw:: html` for the tags, `html_js_files` for the script (plain Sphinx loads no _static/*.js
//   by itself).
// - Jekyll: kramdown passes raw HTML; each page loads the script through relative_url, which adds the site's
//   baseurl (served under /course/ here, as GitHub Pages serves a project site) and survives pretty permalinks.
// - Jupyter without the anywidget package: an HTML output loads the script next to the notebook; an IFrame
//   shows the embed page with its settings after # (the notebook server redirects /notebooks/… to /files/…
//   without a query). The notebook is stored with the outputs running it gives (a kernel is not needed to
//   export it).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../../scripts/start.mjs';
import { buildWeb } from '../../scripts/build-web.mjs';
import { root } from './helpers.mjs';
import { assertWidgets, siteBrowser, sitePage, widgetsOn } from './hosts/sites.mjs';

const env = {};
before(async () => {
  env.work = mkdtempSync(join(tmpdir(), 'posenc-static-hosts-'));
  env.dist = await buildWeb({ outDir: join(env.work, 'dist'), singleFile: true, quiet: true });
  env.browser = await siteBrowser();
});
after(async () => {
  await env.browser?.close();
  if (env.work) rmSync(env.work, { recursive: true, force: true });
});

/** A copy of tests/browser/hosts/`name` with `files` of dist/ copied in (`{ 'dist file': 'folder in the site' }`). */
function site(name, files) {
  const dir = join(env.work, name);
  cpSync(join(root, 'tests/browser/hosts', name), dir, { recursive: true });
  for (const [file, into] of Object.entries(files)) {
    mkdirSync(join(dir, into), { recursive: true });
    cpSync(join(env.dist, file), join(dir, into, file));
  }
  return dir;
}

/** Runs a site generator; its output, or an error that names the Debian package when it is missing. */
function tool(cmd, args, cwd, pkg) {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180000 }) ?? '';
  } catch (err) {
    throw new Error(err.code === 'ENOENT' ? `${cmd} is not installed (Debian: apt-get install ${pkg})` : `${cmd} failed:\n${err.stdout}\n${err.stderr}`);
  }
}

/**
 * Opens each of `pages` ({ path: [widget ids] }) of the site served from `dir`; checks every widget, then
 * runs `then(page, path)` on the page if given.
 */
async function checkSite(dir, pages, { allowErrors = /^$/, then } = {}) {
  const server = await serve(dir);
  const origin = server.url.replace(/\/$/, '');
  try {
    for (const [path, ids] of Object.entries(pages)) {
      const page = await sitePage(env.browser.context, origin);
      try {
        await page.goto(origin + path);
        assertWidgets(assert, await widgetsOn(page, ids), path);
        assert.deepEqual(page.errors.filter((e) => !allowErrors.test(e)), [], `${path}: no errors`);
        assert.deepEqual(page.foreign, [], `${path}: nothing fetched from outside the site`);
        await then?.(page, path);
      } finally {
        await page.close();
      }
    }
  } finally {
    await server.close();
  }
}

test('Hugo (goldmark with unsafe, relURL in the layout): the widgets of a page and of a page with a pretty URL are drawn', async () => {
  const dir = site('hugo', { 'posenc-widgets.iife.js': 'static' });
  tool('hugo', ['--quiet', '-d', 'public'], dir, 'hugo');
  assert.match(readFileSync(join(dir, 'public/next/index.html'), 'utf8'), /<posenc-compare id="cmp"/, 'the raw HTML is kept');
  await checkSite(join(dir, 'public'), { '/': ['heatmap', 'pipe'], '/next/': ['cmp', 't5'] });
});

test('Sphinx (raw html, html_js_files): the widgets of both pages are drawn', async () => {
  const dir = site('sphinx', { 'posenc-widgets.iife.js': '_static' });
  tool('sphinx-build', ['-W', '-q', '-b', 'html', '.', '_build'], dir, 'python3-sphinx');
  await checkSite(join(dir, '_build'), { '/index.html': ['heatmap', 'pipe'], '/next.html': ['cmp', 't5'] });
});

/** The IFrame of the exported notebook (posenc-embed.html) is drawn with the settings given after its `#`. */
async function checkIFrame(page) {
  await page.waitForFunction(() => document.querySelector('iframe')?.contentDocument?.body?.dataset.ready === 'true', null, { timeout: 30000 });
  const frame = page.frames().find((f) => f.url().includes('posenc-embed.html'));
  const inside = await frame.evaluate(() => {
    const el = document.querySelector('main > *');
    return { tag: el.localName, tokens: el.tokens, positions: el.positions, dModel: el.dModel, notes: document.getElementById('embed-notes').hidden };
  });
  assert.deepEqual(inside, { tag: 'posenc-compare', tokens: ['The', 'cat', 'sat'], positions: [1, 2], dModel: 32, notes: true });
}

/** A click aimed at row `row` of the heatmap #heatmap (from its own layout): the row is then its selection. */
async function clickHeatmapRow(page, row) {
  const at = await page.evaluate((r) => {
    const el = document.getElementById('heatmap');
    const g = el._layoutGeom;
    const c = el.shadowRoot.querySelector('canvas.plot').getBoundingClientRect();
    return { x: c.left + g.colX(2), y: c.top + g.rowY(r) };
  }, row);
  await page.mouse.click(at.x, at.y);
  assert.deepEqual(await page.evaluate(() => document.getElementById('heatmap').positions), [row], `a click on row ${row} selects it`);
}

// Debian's jekyll (4.3); `npm test` installs it when run as root (scripts/test.mjs)
const jekyllMissing = !existsSync('/usr/bin/jekyll') && !(process.getuid?.() === 0);
test('Jekyll (kramdown passes the tags, relative_url adds the baseurl, pretty permalinks): the widgets of both pages are drawn, a click selects a row', { skip: jekyllMissing && 'jekyll is not installed (Debian: apt-get install jekyll; npm test installs it when run as root)' }, async () => {
  const dir = site('jekyll', { 'posenc-widgets.iife.js': 'assets' });
  // the site is served under its baseurl, as GitHub Pages serves a project site
  const served = join(env.work, 'jekyll-served');
  tool('jekyll', ['build', '--quiet', '-d', join(served, 'course')], dir, 'jekyll');
  assert.match(readFileSync(join(served, 'course/next/index.html'), 'utf8'), /src="\/course\/assets\/posenc-widgets\.iife\.js"/, 'relative_url wrote the baseurl');
  await checkSite(served, { '/course/': ['heatmap', 'pipe'], '/course/next/': ['cmp', 't5'] }, { then: (page, path) => path === '/course/' && clickHeatmapRow(page, 3) });
});

// This test once hung for minutes: Chromium opens a spare connection with each navigation, and on this page
// every request goes out on the first one, so the spare one never sends a request, and Node's server.close()
// waited for it (scripts/start.mjs now ends such connections). The recipe in docs/widgets.md was written from this site.
test('Jupyter nbconvert (no anywidget): the exported notebook draws its widgets, and its IFrame keeps its settings after #', async () => {
  const dir = site('jupyter', { 'posenc-widgets.iife.js': '.', 'posenc-embed.html': '.' });
  tool('jupyter-nbconvert', ['--to', 'html', 'lesson.ipynb'], dir, 'jupyter-nbconvert');
  // Debian's nbconvert template points require.js and MathJax at file:///usr/share/javascript, which an http page may not load
  // (they fail at once: the page loads without them)
  await checkSite(dir, { '/lesson.html': ['heatmap', 'pipe'] }, { allowErrors: /^Not allowed to load local resource: file:\/\/\/usr\/share\/javascript\//, then: checkIFrame });
});
