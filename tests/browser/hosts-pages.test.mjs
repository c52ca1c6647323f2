// The widgets on pages course authors really publish: behind a CSS reset (Tailwind v4's preflight,
// Bootstrap 5, modern-normalize, all from npm), on a right-to-left page, and on dark pages. Each widget
// must look exactly as it does on a plain page — pixel for pixel, canvases included — except where the page
// asks for a dark widget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { browserPerFile, shot, waitReady } from './helpers.mjs';
import { ALL_WIDGET_TAGS as TAGS } from '../../web/src/widgets/tags.js';

const env = browserPerFile({ viewport: { width: 900, height: 900 } });
const require = createRequire(import.meta.url);
const css = (name) => readFileSync(require.resolve(name), 'utf8');


// Tailwind v4 puts its preflight in the base layer, as a site built with it ships it
const RESETS = {
  'Tailwind v4 preflight': `@layer theme, base, components, utilities; @layer base { ${css('tailwindcss/preflight.css')} }`,
  'Bootstrap 5': css('bootstrap/dist/css/bootstrap.min.css'),
  'modern-normalize': css('modern-normalize/modern-normalize.css'),
};

/** A page with `head` and the one widget `tag` in a box of fixed place and width (page margins and direction move nothing). */
async function pageWith(tag, { head = '', htmlAttributes = '', bodyStyle = '' } = {}) {
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  const html = `<!doctype html><html ${htmlAttributes}><head><meta charset="utf-8"><style>${head}</style>
    <script src="/posenc-widgets.iife.js"></script></head>
    <body style="${bodyStyle}"><div style="position: absolute; left: 20px; top: 20px; width: 760px; padding: 0; margin: 0"><${tag}></${tag}></div></body></html>`;
  await page.route(`${env.base}host.html`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(`${env.base}host.html`);
  await waitReady(page);
  return page;
}

/**
 * How many pixels of two same-sized PNGs differ by more than `tolerance` in a channel (decoded in `page`).
 * Rounded corners are antialiased with ±1 differences at other page offsets; anything a reset or a
 * direction changes (a border, a padding, a mirrored label) differs by far more.
 */
async function pixelsApart(page, a, b, tolerance = 4) {
  return page.evaluate(
    async ([x, y, tol]) => {
      const load = (b64) => new Promise((r) => { const i = new Image(); i.onload = () => r(i); i.src = `data:image/png;base64,${b64}`; });
      const [ia, ib] = await Promise.all([load(x), load(y)]);
      if (ia.width !== ib.width || ia.height !== ib.height) return Infinity;
      const data = (img) => {
        const c = document.createElement('canvas');
        [c.width, c.height] = [img.width, img.height];
        const ctx = c.getContext('2d');
        ctx.drawImage(img, 0, 0);
        return ctx.getImageData(0, 0, img.width, img.height).data;
      };
      const [da, db] = [data(ia), data(ib)];
      let n = 0;
      for (let i = 0; i < da.length; i += 4)
        if (Math.abs(da[i] - db[i]) > tol || Math.abs(da[i + 1] - db[i + 1]) > tol || Math.abs(da[i + 2] - db[i + 2]) > tol) n++;
      return n;
    },
    [a.toString('base64'), b.toString('base64'), tolerance],
  );
}

/** The widget's pixels and the frame's computed box. */
async function look(page, tag) {
  const frame = await page.evaluate((t) => {
    const cs = getComputedStyle(document.querySelector(t).shadowRoot.querySelector('.frame'));
    return { padding: cs.padding, border: `${cs.borderTopWidth} ${cs.borderTopStyle}`, direction: cs.direction, textAlign: cs.textAlign };
  }, tag);
  return { frame, pixels: await page.locator(tag).screenshot() };
}

test('CSS resets (Tailwind v4 preflight, Bootstrap 5, modern-normalize) change nothing inside a widget', async () => {
  const problems = [];
  for (const tag of TAGS) {
    const plain = await pageWith(tag);
    const reference = await look(plain, tag);
    assert.deepEqual(reference.frame, { padding: '12px', border: '1px solid', direction: 'ltr', textAlign: 'start' }, `${tag} frame on a plain page`);
    await plain.close();
    for (const [name, reset] of Object.entries(RESETS)) {
      const page = await pageWith(tag, { head: reset });
      const seen = await look(page, tag);
      if (JSON.stringify(seen.frame) !== JSON.stringify(reference.frame)) problems.push(`${tag} under ${name}: frame ${JSON.stringify(seen.frame)}`);
      else if ((await pixelsApart(page, seen.pixels, reference.pixels)) > 0) {
        problems.push(`${tag} under ${name}: ${await pixelsApart(page, seen.pixels, reference.pixels)} of the widget's pixels differ from a plain page`);
        await shot(page.locator(tag), `reset-${tag}-${name.split(' ')[0]}`);
      }
      if (page.errors.length) problems.push(`${tag} under ${name}: ${page.errors.join('; ')}`);
      await page.close();
    }
  }
  assert.deepEqual(problems, []);
});

test('a right-to-left page (dir="rtl" lang="ar"): every widget reads left to right, exactly as on an English page', async () => {
  const problems = [];
  for (const tag of TAGS) {
    const ltr = await pageWith(tag, { htmlAttributes: 'lang="en"' });
    const reference = await look(ltr, tag);
    await ltr.close();
    const page = await pageWith(tag, { htmlAttributes: 'dir="rtl" lang="ar"' });
    const seen = await look(page, tag);
    if (seen.frame.direction !== 'ltr') problems.push(`${tag}: direction ${seen.frame.direction}`);
    const apart = await pixelsApart(page, seen.pixels, reference.pixels);
    if (apart > 0) {
      problems.push(`${tag}: ${apart} pixels of the widget on an RTL page differ from the LTR page`);
      await shot(page.locator(tag), `rtl-${tag}`);
    }
    if (page.errors.length) problems.push(`${tag}: ${page.errors.join('; ')}`);
    await page.close();
  }
  assert.deepEqual(problems, []);
  // the canvases too: the text drawn in them is laid out left to right (minus signs before their numbers)
  const page = await pageWith('posenc-padding', { htmlAttributes: 'dir="rtl" lang="ar"' });
  const directions = await page.evaluate(() =>
    [...document.querySelector('posenc-padding').shadowRoot.querySelectorAll('canvas, table')].map((e) => getComputedStyle(e).direction),
  );
  assert.ok(directions.length > 0 && directions.every((d) => d === 'ltr'), JSON.stringify(directions));
  await page.close();
});

test('theme="auto" follows the page: its background, its color-scheme, then the system; native controls match the widget', async () => {
  const scheme = (page, tag = 'posenc-t5') =>
    page.evaluate((t) => {
      const root = document.querySelector(t).shadowRoot;
      const frame = root.querySelector('.frame');
      const box = root.querySelector('input[type="checkbox"]');
      return {
        dark: frame.classList.contains('dark'),
        frameScheme: getComputedStyle(frame).colorScheme,
        checkbox: box ? getComputedStyle(box).colorScheme : null,
        background: getComputedStyle(frame).backgroundColor,
      };
    }, tag);

  // a dark page (background and color-scheme) on a light system: a dark widget, dark controls
  let page = await pageWith('posenc-t5', { head: ':root { color-scheme: dark; } body { background: #121212; color: #eee; }' });
  assert.deepEqual(await scheme(page), { dark: true, frameScheme: 'dark', checkbox: 'dark', background: 'rgb(13, 17, 23)' });
  await shot(page.locator('posenc-t5'), 'host-dark-page-t5');
  // the same page, but the author fixed the widget light: the page's color-scheme must not leak into it
  await page.evaluate(() => document.querySelector('posenc-t5').setAttribute('theme', 'light'));
  await page.evaluate(() => document.querySelector('posenc-t5').updateComplete);
  assert.deepEqual(await scheme(page), { dark: false, frameScheme: 'light', checkbox: 'light', background: 'rgb(255, 255, 255)' });
  await page.close();

  // a page that only declares color-scheme: dark (the browser paints it dark)
  page = await pageWith('posenc-t5', { head: ':root { color-scheme: dark; }' });
  assert.equal((await scheme(page)).dark, true, 'color-scheme: dark alone');
  await page.close();

  // a page that declares nothing: the system decides, and a system switch is followed
  page = await pageWith('posenc-t5');
  assert.equal((await scheme(page)).dark, false, 'light system');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.querySelector('posenc-t5').shadowRoot.querySelector('.frame').classList.contains('dark'));
  await page.close();

  // a light page on a dark system: the page wins
  page = await pageWith('posenc-heatmap', { head: 'body { background: #fafafa; }' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(100);
  assert.equal((await scheme(page, 'posenc-heatmap')).dark, false, 'light page, dark system');
  // the page's own dark-mode switch (a class on <html>, as Tailwind and many blogs do it) is followed,
  // and the canvases repaint in the widget's new colours
  await page.addStyleTag({ content: 'html.dark body { background: oklch(0.2 0.02 260); }' });
  const before = await page.locator('posenc-heatmap').screenshot();
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.waitForFunction(() => document.querySelector('posenc-heatmap').shadowRoot.querySelector('.frame').classList.contains('dark'));
  await page.evaluate(() => document.querySelector('posenc-heatmap').updateComplete);
  assert.ok(!before.equals(await page.locator('posenc-heatmap').screenshot()), 'the widget repainted');
  assert.equal(await page.evaluate(() => document.querySelector('posenc-heatmap').theme$().fg), '#e6edf3', 'canvas text in the dark palette');
  assert.deepEqual(page.errors, []);
  await page.close();
});

const LONG_PAGE = [...TAGS, ...TAGS];
test(`a long course page: every kind of widget twice (${LONG_PAGE.length} widgets), all become ready and draw`, async () => {
  const tags = LONG_PAGE;
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><script src="/posenc-widgets.iife.js"></script></head>
    <body>${tags.map((t) => `<${t}></${t}>`).join('\n')}</body></html>`;
  await page.route(`${env.base}long.html`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  // (how long it takes is a figure of npm run bench:widgets, longPage32, not a pass/fail test)
  await page.goto(`${env.base}long.html`);
  await waitReady(page);
  // each one drew its content, and none shows an error
  const drawn = await page.evaluate(() =>
    [...document.body.children].filter((e) => e.shadowRoot.querySelector('.frame').textContent.trim().length > 40 && !e.shadowRoot.querySelector('[role="alert"]')).length,
  );
  assert.equal(drawn, tags.length);
  assert.deepEqual(page.errors, []);
  await page.close();
});
