// Shared set-up for the browser tests: a fresh web build in a temporary folder, a local static server,
// and Debian's Chromium driven by playwright-core (Playwright's own browser downloads cannot work here).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb } from '../../scripts/build-web.mjs';
import { serve } from '../../scripts/start.mjs';
import { assertFonts, fontEnv } from './fonts.mjs';

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
 * Builds the web bundles into a temporary folder, serves it (plus tests/browser/pages at /test/) and
 * launches Chromium with a fresh profile (a phone's with `hasTouch` and `isMobile`). `fonts` names a font set of fonts.mjs ('dejavu', 'full'; by
 * default POSENC_TEST_FONTS, which npm test sets): Chromium then sees that set, checked before any test
 * runs. Without one, Chromium sees whatever fonts the machine has. Returns { context, base, outDir, close }.
 */
export async function setup({ viewport = { width: 900, height: 900 }, deviceScaleFactor = 1, colorScheme = 'light', reducedMotion = 'no-preference', fonts = process.env.POSENC_TEST_FONTS || undefined, hasTouch = false, isMobile = false } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'posenc-browser-'));
  const outDir = await buildWeb({ outDir: join(work, 'dist'), singleFile: true, quiet: true });
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

/** Asserts that `actual` is within `tol` of `expected`; `what` names the quantity in the message. */
export const near = (actual, expected, tol, what) =>
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (tolerance ${tol})`);

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

/**
 * A lesson page (demo part 1 or 2) `width` px wide: nothing makes the page scroll sideways, every posenc
 * widget in <main> ends inside the viewport, and every formula ends inside its column. A formula wider than
 * its column scrolls in its own box, fades at the side with more and is a labelled tab stop; one that fits
 * is no tab stop. Returns the formulas that scroll, for the caller to operate.
 */
export async function assertFitsWidth(page, width) {
  // the formulas' marks follow ResizeObserver callbacks: let a frame pass after the last size change
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const layout = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    widgets: [...document.querySelectorAll('main *')].filter((e) => e.localName.startsWith('posenc-')).map((e) => [e.localName, e.getBoundingClientRect().right]),
    formulas: [...document.querySelectorAll('.tex')].map((t, index) => {
      const column = t.parentElement.getBoundingClientRect().right - parseFloat(getComputedStyle(t.parentElement).paddingRight);
      return {
        index,
        tex: t.dataset.tex,
        right: t.getBoundingClientRect().right,
        column,
        scrolls: t.scrollWidth - t.clientWidth > 1,
        clipped: t.scrollHeight > t.clientHeight + 1,
        fades: t.classList.contains('more-right'),
        stop: t.tabIndex === 0 && t.getAttribute('role') === 'region' && Boolean(t.getAttribute('aria-label')),
      };
    }),
  }));
  assert.ok(layout.scroll <= width, `page scroll width ${layout.scroll}`);
  for (const [tag, right] of layout.widgets) assert.ok(right <= width, `${tag} ends at ${right}`);
  assert.ok(layout.formulas.length > 0, 'the page has formulas');
  for (const f of layout.formulas) {
    assert.ok(f.right <= f.column + 0.5, `formula ${f.tex} ends at ${f.right}, its column at ${f.column}`);
    assert.ok(!f.clipped, `formula ${f.tex} is cut off at the top or bottom`);
    assert.equal(f.fades, f.scrolls, `formula ${f.tex}: fades at the right exactly when it scrolls`);
    assert.equal(f.stop, f.scrolls, `formula ${f.tex}: a labelled tab stop exactly when it scrolls`);
  }
  return layout.formulas.filter((f) => f.scrolls);
}

/**
 * Property -> attribute reflection: for each [selector, property, attribute, value, text] sets the property
 * and asserts that the attribute reads `text` once the element has updated.
 */
export async function checkReflection(page, cases) {
  for (const [sel, prop, attr, value, text] of cases) {
    await page.evaluate(([s, p, v]) => (document.querySelector(s)[p] = v), [sel, prop, value]);
    await page.evaluate((s) => document.querySelector(s).updateComplete, sel);
    assert.equal(await page.getAttribute(sel, attr), text, `${sel}.${prop} -> [${attr}]`);
  }
}

/**
 * The toolbar of each posenc-<tag> on the page: Embed shows the element's markup, CSV downloads
 * posenc-<tag>.csv with rows, NPY a .npy whose data fills its shape, PNG a non-empty PNG.
 */
export async function checkExports(page, tags) {
  for (const tag of tags) {
    const el = page.locator(`posenc-${tag}`);
    await el.getByRole('button', { name: /Copy embed code/ }).click();
    const code = await el.locator('.embed textarea').inputValue();
    assert.match(code, new RegExp(`^<posenc-${tag}[^>]*></posenc-${tag}>$`), `${tag} embed code`);
    const [csv] = await Promise.all([page.waitForEvent('download'), el.getByRole('button', { name: /as CSV/ }).click()]);
    assert.equal(csv.suggestedFilename(), `posenc-${tag}.csv`);
    assert.ok(readFileSync(await csv.path(), 'utf8').split('\n').length > 2, `${tag} CSV has rows`);
    // Chromium throttles downloads fired in quick succession from one tab (the next is silently dropped);
    // a user never clicks that fast, so give each download a moment.
    await page.waitForTimeout(300);
    const [npy] = await Promise.all([page.waitForEvent('download'), el.getByRole('button', { name: /NumPy \.npy/ }).click()]);
    assert.equal(npy.suggestedFilename(), `posenc-${tag}.npy`);
    const npyBytes = readFileSync(await npy.path());
    assert.equal(npyBytes.subarray(0, 6).toString('latin1'), '\x93NUMPY', `${tag} .npy magic`);
    const header = npyBytes.subarray(10, 10 + npyBytes.readUInt16LE(8)).toString('latin1');
    const shape = header.match(/'shape': \(([\d, ]*)\)/)[1].split(',').filter((v) => v.trim()).map(Number);
    const itemSize = Number(header.match(/'descr': '[<|][fiu](\d)'/)[1]);
    assert.equal(npyBytes.length - 10 - header.length, shape.reduce((a, b) => a * b, 1) * itemSize, `${tag} .npy data fills its shape`);
    await page.waitForTimeout(300);
    const [png] = await Promise.all([page.waitForEvent('download'), el.getByRole('button', { name: /as PNG/ }).click()]);
    const bytes = readFileSync(await png.path());
    assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], `${tag} PNG signature`);
    assert.ok(bytes.length > 1000, `${tag} PNG is not empty`);
    await page.waitForTimeout(300);
  }
}

/** Waits until every posenc-* element of the page reports ready (engine loaded, picture drawn). */
export async function waitReady(page) {
  await page.evaluate(async () => {
    const els = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-'));
    await Promise.all(els.map((e) => customElements.whenDefined(e.localName).then(() => e.whenReady())));
  });
}

/** Statistics of a canvas inside a widget's shadow root: how many distinct colours, opaque pixels. */
export async function canvasStats(page, selector, canvasSelector = 'canvas.plot') {
  return page.evaluate(
    ([sel, csel]) => {
      const host = document.querySelector(sel);
      const canvas = host.shadowRoot.querySelector(csel);
      if (!canvas) return null;
      const ctx = canvas.getContext('2d');
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const colours = new Set();
      let opaque = 0;
      for (let i = 0; i < data.length; i += 4 * 7) {
        if (data[i + 3] > 0) opaque++;
        colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      }
      return { width: canvas.width, height: canvas.height, cssWidth: canvas.getBoundingClientRect().width, colours: colours.size, opaque };
    },
    [selector, canvasSelector],
  );
}

/** Text of an element inside a widget's shadow root. */
export function shadowText(page, host, inner) {
  return page.evaluate(([h, i]) => document.querySelector(h).shadowRoot.querySelector(i)?.textContent.trim() ?? null, [host, inner]);
}

/** Parses numbers as the widgets print them (U+2212 minus). */
export function num(text) {
  return Number(String(text).replace(/\u2212/g, '-').replace(/[^0-9eE+\-.]/g, ''));
}

export async function shot(locator, name) {
  await locator.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

// ---- independent float64 references (tests may compute; widgets may not) -------------------------------

/** The paper's sinusoidal encoding of one position, interleaved, in float64. */
export function refEncoding(pos, dModel, base = 10000) {
  const v = new Float64Array(dModel);
  for (let c = 0; c < dModel; c++) {
    const i = Math.floor(c / 2);
    const angle = pos * Math.pow(base, (-2 * i) / dModel);
    v[c] = c % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
  }
  return v;
}

export function refCompare(a, b) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  let e = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
    e += (a[i] - b[i]) ** 2;
  }
  return { dot, cosine: dot / Math.sqrt(na * nb), euclidean: Math.sqrt(e) };
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

/** Runs `fn(el, arg)` in the page on the element `sel` (fn is sent as source). */
export const evalEl = (page, sel, fn, arg) => page.evaluate(([s, f, a]) => new Function('el', 'arg', `return (${f})(el, arg)`)(document.querySelector(s), a), [sel, fn.toString(), arg]);
/** Text of a shadow-root element with its whitespace collapsed (templates wrap long readouts). */
export const flatText = async (page, host, inner) => (await shadowText(page, host, inner))?.replace(/\s+/g, ' ').trim() ?? null;
/** Resolves when the widget `sel` has drawn its current settings. */
export const settle = (page, sel) => page.evaluate((s) => document.querySelector(s).whenReady(), sel);
/** A committed fixture of tests/fixtures (generated by tests/fixtures/generate.py). */
export const fixture = (name) => JSON.parse(readFileSync(join(root, 'tests/fixtures', name), 'utf8'));

/** RoPE of one head vector at position pos, in float64 (half: j with j + d/2; interleaved: 2i with 2i + 1). */
export function refRope(x, pos, base, convention) {
  const d = x.length;
  const half = d / 2;
  const out = new Float64Array(d);
  for (let i = 0; i < half; i++) {
    const angle = pos * Math.pow(base, (-2 * i) / d);
    const [a, b] = convention === 'half' ? [i, i + half] : [2 * i, 2 * i + 1];
    out[a] = x[a] * Math.cos(angle) - x[b] * Math.sin(angle);
    out[b] = x[b] * Math.cos(angle) + x[a] * Math.sin(angle);
  }
  return out;
}
export const dot = (a, b) => a.reduce((s, v, i) => s + v * b[i], 0);

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on the page (shadow roots included) and returns the serious and critical violations as text. */
export async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${JSON.stringify(n.target)} — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 220)}`));
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

/**
 * A demo page's section numbers as the reader sees them. The page numbers its sections itself (a CSS counter
 * on each section's heading, demo.css; the table of contents is an <ol>), so the numbers are in no DOM text
 * (and getComputedStyle gives `counter(section)`, not its value): they are read from Chromium's layout, a
 * DOM snapshot whose text boxes hold the rendered counters and list markers. Returns `sections`:
 * [{ id, number, title }] for each `main > section` with a heading, in page order, and `toc`: [{ number, target }]
 * for each entry of the table of contents (none on a page without one).
 */
export async function sectionNumbers(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { documents, strings } = await cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: [] });
    const { nodes, layout } = documents[0];
    const str = (i) => (i >= 0 ? strings[i] : null);
    const name = (n) => (n >= 0 ? str(nodes.nodeName[n]) : null);
    const parent = (n) => nodes.parentIndex[n];
    const attr = (n, a) => {
      const list = nodes.attributes[n] ?? [];
      for (let i = 0; i < list.length; i += 2) if (str(list[i]) === a) return str(list[i + 1]);
      return null;
    };
    const pseudo = new Map((nodes.pseudoType?.index ?? []).map((n, i) => [n, str(nodes.pseudoType.value[i])]));
    // the rendered text of each pseudo-element (a list marker's may come in more than one box)
    const shown = new Map();
    layout.nodeIndex.forEach((n, k) => {
      if (pseudo.has(n) && str(layout.text[k])) shown.set(n, (shown.get(n) ?? '') + str(layout.text[k]));
    });
    const sections = [];
    const toc = [];
    const int = (text) => (/^\s*(\d+)\D*$/.test(text ?? '') ? Number(/\d+/.exec(text)[0]) : null);
    for (const [n, text] of shown) {
      const up = parent(n);
      if (pseudo.get(n) === 'before' && name(up) === 'H2' && name(parent(up)) === 'SECTION' && name(parent(parent(up))) === 'MAIN') {
        sections.push({ id: attr(parent(up), 'id'), number: int(text) });
      } else if (pseudo.get(n) === 'marker' && name(up) === 'LI' && name(parent(up)) === 'OL' && /\btoc\b/.test(attr(parent(parent(up)), 'class') ?? '')) {
        const a = nodes.parentIndex.findIndex((p, i) => p === up && name(i) === 'A');
        toc.push({ number: int(text), target: (attr(a, 'href') ?? '').replace(/^#/, '') });
      }
    }
    const titles = await page.evaluate((ids) => ids.map((id) => document.getElementById(id).querySelector(':scope > h2').textContent.trim()), sections.map((s) => s.id));
    sections.forEach((s, i) => (s.title = titles[i]));
    return { sections, toc };
  } finally {
    await cdp.detach();
  }
}
