// The site generators' test sites (tests/browser/hosts/<generator>/): each has its own package.json and
// package-lock.json, installed with `npm ci` from the npm registry into a cache that lasts between runs on
// one machine (~/.cache/posenc-hosts/<generator>-<hash of the lockfile>, or $POSENC_HOSTS_CACHE), so a second
// `npm test` installs nothing. The site is built inside that folder (where its node_modules are), with
// posenc installed there as a consumer gets it: the files `npm pack` publishes.
//
//   node tests/browser/hosts/sites.mjs    installs every site's packages, in parallel (npm test runs this first)
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
export const SITES = ['docusaurus', 'vitepress', 'starlight', 'marp', 'framework', 'slidev'];
const cache = process.env.POSENC_HOSTS_CACHE || join(homedir(), '.cache/posenc-hosts');

/** The cache folder of `name`'s install: changes when its lockfile does. */
export function siteDir(name) {
  const lock = readFileSync(join(here, name, 'package-lock.json'));
  return join(cache, `${name}-${createHash('sha256').update(lock).digest('hex').slice(0, 16)}`);
}

/** Installs `name`'s packages into its cache folder unless they are there; resolves to the folder. */
export async function installSite(name) {
  const dir = siteDir(name);
  if (existsSync(join(dir, '.installed'))) return dir;
  // installs for an older lockfile of this site go
  if (existsSync(cache)) for (const old of readdirSync(cache)) if (old.startsWith(`${name}-`)) rmSync(join(cache, old), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const f of ['package.json', 'package-lock.json']) cpSync(join(here, name, f), join(dir, f));
  const t0 = Date.now();
  try {
    await promisify(execFile)('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, maxBuffer: 1 << 26 });
  } catch (err) {
    throw new Error(`npm ci for the ${name} test site failed: ${err.stderr || err.message}`);
  }
  writeFileSync(join(dir, '.installed'), `${Math.round((Date.now() - t0) / 1000)} s\n`);
  return dir;
}

/**
 * The site `name` ready to build: its packages installed (cached), its sources copied over the previous
 * run's, and posenc installed from what `npm pack` publishes (the repository's current build). Resolves to
 * the folder to build in.
 */
export async function prepareSite(name) {
  const dir = await installSite(name);
  for (const f of readdirSync(dir)) if (!['node_modules', 'package.json', 'package-lock.json', '.installed'].includes(f)) rmSync(join(dir, f), { recursive: true, force: true });
  for (const f of readdirSync(join(here, name))) if (!['package.json', 'package-lock.json'].includes(f)) cpSync(join(here, name, f), join(dir, f), { recursive: true });
  installPosenc(join(dir, 'node_modules/posenc'));
  return dir;
}

/** Puts the files `npm pack` would publish into `target` (the web build must exist: npm test makes it first). */
function installPosenc(target) {
  if (!existsSync(join(root, 'dist/posenc-anywidget.js')) || !existsSync(join(root, 'dist/esm/engine/gen/posenc-wasm-inline.mjs')))
    throw new Error('tests/browser/hosts: build posenc first (node scripts/build.mjs)');
  const work = mkdtempSync(join(tmpdir(), 'posenc-pack-'));
  try {
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', target, '--strip-components=1']);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The environment for a generator's own tools: no colours. CI machines set `CI`, which turns colours on in
 * picocolors even on a pipe, and an escape code inside `127.0.0.1:\x1b[1m5173` hides the address we wait for. */
export const toolEnv = (env = {}) => ({ ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env });
/** Output with any remaining terminal escape codes removed (a tool that ignores NO_COLOR). */
export const plainText = (text) => String(text).replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');

/** Runs `bin` of the site's node_modules/.bin in `dir`; throws with its output when it fails. */
export function runIn(dir, bin, args, env = {}) {
  try {
    return plainText(execFileSync(join(dir, 'node_modules/.bin', bin), args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: toolEnv(env), maxBuffer: 1 << 26 }));
  } catch (err) {
    throw new Error(`${bin} ${args.join(' ')} failed:\n${plainText(err.stdout)}\n${plainText(err.stderr)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t0 = Date.now();
  await Promise.all(SITES.map(installSite));
  console.log(`test sites installed (${SITES.join(', ')}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

// ---- in the browser ---------------------------------------------------------------------------------------

/**
 * Chromium with a fresh profile for a site test (the font set npm test names, as every browser test) and a
 * counter of WebAssembly instances on every page: `window.__wasmInstances`.
 */
export async function siteBrowser({ colorScheme = 'light' } = {}) {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS } = await import('../helpers.mjs');
  const { assertFonts, fontEnv } = await import('../fonts.mjs');
  const fonts = process.env.POSENC_TEST_FONTS || undefined;
  const work = mkdtempSync(join(tmpdir(), 'posenc-site-browser-'));
  const context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1400, height: 900 },
    colorScheme,
    env: { ...process.env, ...(fonts ? fontEnv(fonts, join(work, 'fontconfig')) : {}) },
  });
  await context.addInitScript(() => {
    window.__wasmInstances = 0;
    const count = (fn) =>
      function (...args) {
        window.__wasmInstances++;
        return fn.apply(this, args);
      };
    WebAssembly.instantiate = count(WebAssembly.instantiate);
    WebAssembly.instantiateStreaming = count(WebAssembly.instantiateStreaming);
  });
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
  if (fonts) await assertFonts(context, fonts).catch(async (err) => {
    await close();
    throw err;
  });
  return { context, close };
}

/** A page of `context` that collects errors (page.errors) and refuses requests that leave `origin` (page.foreign). */
export async function sitePage(context, origin) {
  const page = await context.newPage();
  page.errors = [];
  page.foreign = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  // (a failed request is named by its URL below, not by the console's "Failed to load resource")
  page.on('console', (m) => (m.type() === 'error' || /already (been )?(defined|used)/i.test(m.text())) && !/^Failed to load resource/.test(m.text()) && page.errors.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && page.errors.push(`${r.status()} ${r.url()}`));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    page.foreign.push(url);
    return route.abort();
  });
  return page;
}

/**
 * The posenc widgets `ids` of the page once each is ready: its settings as properties, its message, how
 * many colours its first canvas has, its scheme. Waits for the widgets to be there and defined first.
 */
export async function widgetsOn(page, ids) {
  await page.waitForFunction((list) => list.every((id) => document.getElementById(id) && customElements.get(document.getElementById(id).localName)), ids, { timeout: 30000 });
  return page.evaluate(async (list) => {
    const out = {};
    for (const id of list) {
      const el = document.getElementById(id);
      await el.whenReady();
      const canvas = el.shadowRoot.querySelector('canvas');
      let colours = 0;
      if (canvas?.width) {
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        const seen = new Set();
        for (let i = 0; i < data.length; i += 4 * 5) if (data[i + 3]) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
        colours = seen.size;
      }
      const settings = {};
      for (const [p, o] of el.constructor.elementProperties) if (!o.state && el.hasAttribute(typeof o.attribute === 'string' ? o.attribute : p.toLowerCase())) settings[p] = el[p];
      out[id] = {
        settings,
        colours,
        theme: el.resolvedTheme,
        messages: [...el.shadowRoot.querySelectorAll('.error')].map((e) => e.textContent.trim()),
      };
    }
    return out;
  }, ids);
}

/** The settings the test sites give their widgets, as the widgets must read them (numbers, lists, booleans). */
export const EXPECTED = {
  heatmap: { length: 12, dModel: 16, base: 100 },
  pipe: { token: 'Hello' },
  cmp: { tokens: ['The', 'cat', 'sat'], positions: [1, 2], dModel: 32 },
  t5: { seed: 3, span: 4, bidirectional: true },
};

/** Asserts the widgets `found` (from widgetsOn) read their settings, are drawn, show no message, in `theme`. */
export function assertWidgets(assert, found, where, theme) {
  for (const [id, w] of Object.entries(found)) {
    for (const [key, value] of Object.entries(EXPECTED[id] ?? {})) assert.deepEqual(w.settings[key], value, `${where}: #${id}.${key}`);
    assert.deepEqual(w.messages, [], `${where}: #${id} shows no message`);
    if (id !== 'pipe') assert.ok(w.colours > 8, `${where}: #${id} is drawn (${w.colours} colours)`);
    if (theme) assert.equal(w.theme, theme, `${where}: #${id} follows the site's ${theme} mode`);
  }
}

/** Types a token into the pipeline widget #pipe: it must take it (the widget is interactive, keys stay in it). */
export async function typeToken(page, assert, where) {
  const field = page.locator('#pipe').locator('input.tok');
  await field.fill('');
  await field.pressSequentially('snp');
  await field.press('Enter');
  await page.evaluate(() => document.getElementById('pipe').whenReady());
  assert.equal(await page.evaluate(() => document.getElementById('pipe').token), 'snp', `${where}: the pipeline takes a typed token`);
}

/**
 * The round trip every site test makes, as a reader would: page A (a heatmap and a pipeline) drawn and
 * interactive → the site's own link to page B (compare, T5) → back; then the site's dark mode. `spa`: the
 * generator navigates in the page (so the page, and its one engine, must survive the trip). `dark(page)`
 * switches the site to dark mode the site's own way. Returns the page.
 */
export async function roundTrip({ context, assert, origin, path = '/', spa, dark, shotName }) {
  const page = await sitePage(context, origin);
  await page.goto(origin + path);
  assertWidgets(assert, await widgetsOn(page, ['heatmap', 'pipe']), 'page A', 'light');
  await typeToken(page, assert, 'page A');
  await page.evaluate(() => (window.__stay = true));
  await page.locator('main').getByRole('link', { name: /tokens compared/i }).first().click();
  assertWidgets(assert, await widgetsOn(page, ['cmp', 't5']), 'page B', 'light');
  await page.goBack();
  assertWidgets(assert, await widgetsOn(page, ['heatmap', 'pipe']), 'back on page A', 'light');
  await typeToken(page, assert, 'back on page A');
  const state = await page.evaluate(() => ({ stayed: window.__stay === true, engines: window.__wasmInstances }));
  if (spa) assert.ok(state.stayed, 'the site navigated in the page (client-side)');
  assert.equal(state.engines, 1, 'one engine on the page');
  await dark(page);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assertWidgets(assert, await widgetsOn(page, ['heatmap']), 'dark mode', 'dark');
  if (shotName) {
    const { screenshotDir } = await import('../helpers.mjs');
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, `${shotName}.png`) });
  }
  assert.deepEqual(page.errors, [], 'no errors on the page');
  assert.deepEqual(page.foreign, [], 'no request left the site');
  return page;
}

/**
 * A site test's set-up, the same for every generator: before the tests, the site `name` prepared, built with
 * `bin args` (`env` added), served from `out` (a folder of the site) and a browser started; after them, both
 * closed. Returns the object that then holds { dir, log, server, browser }.
 */
export async function useBuiltSite({ name, bin, args, out, env = {} }) {
  const { after, before } = await import('node:test');
  const { serve } = await import('../../../scripts/start.mjs');
  const site = {};
  before(async () => {
    site.dir = await prepareSite(name);
    site.log = runIn(site.dir, bin, args, env);
    site.server = await serve(join(site.dir, out));
    site.browser = await siteBrowser();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}
