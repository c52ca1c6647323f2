// The browser under test: a fresh web build in a temporary folder, a local static server, and Debian's
// Chromium driven by playwright-core (Playwright's own browser downloads cannot work here); the pages the
// tests open in it, and the screenshots they take.
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/start.mjs';
import { assertFonts, fontEnv } from './fonts.mjs';
import { bundlesInto } from './bundles.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const screenshotDir = join(root, 'tests/browser/screenshots');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Puts the web bundles into a temporary folder (built, or reused while their inputs are unchanged: bundles.mjs), serves it (plus tests/browser/pages at /test/) and
 * launches Chromium with a fresh profile (a phone's with `hasTouch` and `isMobile`). `fonts` names a font set of fonts.mjs ('dejavu', 'full'; by
 * default POSENC_TEST_FONTS, which npm test sets): Chromium then sees that set, checked before any test
 * runs. Without one, Chromium sees whatever fonts the machine has. Returns { context, base, outDir, close }.
 */
export async function setup({ viewport = { width: 900, height: 900 }, deviceScaleFactor = 1, colorScheme = 'light', reducedMotion = 'no-preference', fonts = process.env.POSENC_TEST_FONTS || undefined, hasTouch = false, isMobile = false } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'posenc-browser-'));
  const outDir = await bundlesInto(root, join(work, 'dist'));
  const server = await serve({ '/': outDir, '/test/': join(root, 'tests/browser/pages') });
  // Exports are downloads: let the test profile download repeatedly without Chromium's "this site wants to
  // download multiple files" prompt (which headless Chromium answers by blocking the download).
  mkdirSync(join(work, 'profile/Default'), { recursive: true });
  writeFileSync(
    join(work, 'profile/Default/Preferences'),
    JSON.stringify({ profile: { default_content_setting_values: { automatic_downloads: 1 } } }),
  );
  const context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    viewport,
    deviceScaleFactor,
    hasTouch,
    isMobile,
    colorScheme,
    reducedMotion,
    acceptDownloads: true,
    env: { ...process.env, ...(fonts ? fontEnv(fonts, join(work, 'fontconfig')) : {}) },
  });
  const close = async () => {
    await context.close().catch(() => {});
    await server.close();
    rmSync(work, { recursive: true, force: true });
  };
  if (fonts) await assertFonts(context, fonts).catch(async (err) => {
    await close();
    throw err;
  });
  mkdirSync(screenshotDir, { recursive: true });
  return { context, base: server.url, outDir, close };
}

/**
 * One browser environment for a whole test file: setup() runs before its first test and close() after its
 * last. Returns the object setup() fills in (context, base, outDir, close), to hand to widgetPage and the rest.
 */
export function browserPerFile(options) {
  const env = {};
  before(async () => {
    Object.assign(env, await setup(options));
  });
  after(async () => {
    await env.close?.();
  });
  return env;
}

/**
 * Opens the blank test page, puts `html` into its body (the widgets are already registered) and waits
 * until every posenc widget on it is ready. Collects page errors into page.errors.
 */
export async function widgetPage(env, html, { width } = {}) {
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  if (width) await page.setViewportSize({ width, height: 900 });
  await page.goto(`${env.base}test/blank.html`);
  await page.waitForFunction(() => window.posencLoaded === true);
  await page.evaluate((h) => {
    document.body.innerHTML = h;
  }, html);
  await waitReady(page);
  return page;
}

/** Waits until every posenc-* element of the page reports ready (engine loaded, picture drawn). */
export async function waitReady(page) {
  await page.evaluate(async () => {
    const els = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-'));
    await Promise.all(els.map((e) => customElements.whenDefined(e.localName).then(() => e.whenReady())));
  });
}

/**
 * Opens a demo page (one of env's server, or a file: URL) and waits until its engine and widgets are ready;
 * with `block`, any request off our own server is aborted and listed in page.foreign. page.errors collects
 * page errors and console errors.
 */
export async function openDemoPage(env, url, { width = 1000, block = true } = {}) {
  const page = await env.context.newPage();
  page.errors = [];
  page.foreign = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && page.errors.push(m.text()));
  if (block) {
    // anything that is not our own server (or a data:/blob: URL) counts as a network request and fails
    await page.route('**/*', (route) => {
      const u = route.request().url();
      if (u.startsWith(env.base) || u.startsWith('file:') || u.startsWith('data:') || u.startsWith('blob:')) return route.continue();
      page.foreign.push(u);
      return route.abort();
    });
  }
  await page.setViewportSize({ width, height: 900 });
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 });
  await waitReady(page);
  return page;
}

// Every fillText on a 2D canvas is recorded (per canvas, from its last full clear) with its extent in
// device pixels, so a test can ask what a widget drew where without reading pixels
// (`window.__canvasTexts(canvas)`). Installed once per browser context, for the pages opened after it.
const instrumented = new WeakSet();
export async function logCanvasText(context) {
  if (!instrumented.has(context)) {
    instrumented.add(context);
    await context.addInitScript(() => {
      const log = new WeakMap();
      window.__canvasTexts = (canvas) => log.get(canvas) ?? [];
      const proto = CanvasRenderingContext2D.prototype;
      const clear = proto.clearRect;
      proto.clearRect = function (x, y, w, h) {
        const m = this.getTransform();
        if (x <= 0 && y <= 0 && m.a * w >= this.canvas.width - 1 && m.d * h >= this.canvas.height - 1) log.set(this.canvas, []);
        return clear.call(this, x, y, w, h);
      };
      const fill = proto.fillText;
      proto.fillText = function (text, x, y, ...rest) {
        const m = this.getTransform();
        const w = this.measureText(text).width;
        const align = this.textAlign;
        const left = align === 'right' || align === 'end' ? x - w : align === 'center' ? x - w / 2 : x;
        if (!log.has(this.canvas)) log.set(this.canvas, []);
        log.get(this.canvas).push({
          text: String(text),
          x,
          y,
          align,
          rotated: m.b !== 0 || m.c !== 0,
          font: this.font,
          scale: Math.hypot(m.a, m.b),
          left: m.a * left + m.e,
          right: m.a * (left + w) + m.e,
          canvasWidth: this.canvas.width,
        });
        return fill.call(this, text, x, y, ...rest);
      };
    });
  }
}

/** widgetPage with the canvas text log (logCanvasText) installed. */
export async function textLoggedPage(env, html, options) {
  await logCanvasText(env.context);
  return widgetPage(env, html, options);
}

export async function shot(locator, name) {
  await locator.screenshot({ path: join(screenshotDir, `${name}.png`) });
}
