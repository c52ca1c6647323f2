// Printing a lesson (Print → PDF, a handout): every widget on the page is drawn on paper, not only those the
// reader had scrolled to (widgets start when they come near the viewport), and a dark page prints light.
// The browser lays the page out for paper right after `beforeprint` and its microtasks, so the widgets must be
// drawn by then: checked in the same task as the event. Then a real PDF (Chromium's printToPDF) and a
// picture of the page in print media, to look at (tests/browser/screenshots/print-*.png, print-part1.pdf).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserPerFile, screenshotDir } from './helpers.mjs';

const env = browserPerFile({ viewport: { width: 1000, height: 700 }, colorScheme: 'dark' });

/** A demo page at its top, once its engine is loaded (the widgets below the fold not started: no whenReady). */
async function open(path) {
  const page = await env.context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && page.errors.push(m.text()));
  await page.goto(env.base + path);
  await page.waitForFunction(() => document.getElementById('engine-status')?.dataset.ready === 'true', null, { timeout: 15000 });
  await page.waitForTimeout(500);
  return page;
}

/** Every widget of the page: started, drawn (canvas colours), its scheme, whether it still says it is loading. */
const widgets = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((el) => el.localName.startsWith('posenc-'))
      .map((el) => {
        const canvases = [...el.shadowRoot.querySelectorAll('canvas')].filter((c) => c.width && c.height);
        const drawn = canvases.some((c) => {
          const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
          for (let i = 3; i < data.length; i += 4 * 7) if (data[i]) return true;
          return false;
        });
        return {
          id: el.id || el.localName,
          ready: el._ready === true,
          drawn: canvases.length === 0 || drawn,
          theme: el.resolvedTheme,
          loading: /Loading the engine/.test(el.shadowRoot.textContent),
        };
      }),
  );

test('printing part 1 in dark mode: on beforeprint every widget starts and is drawn before the page is laid out for paper, in light colours', async () => {
  // a page opened at its top: only the first screen's widgets have started
  const page = await open('');
  const before = await widgets(page);
  const waiting = before.filter((w) => !w.ready).map((w) => w.id);
  assert.ok(waiting.length >= 3, `widgets below the fold have not started (${waiting.join(', ')})`);
  assert.ok(before.some((w) => w.ready && w.theme === 'dark'), 'the page is dark on screen');

  // the print: the event, then what is drawn once its microtasks ran (a task later, before any other)
  await page.emulateMedia({ media: 'print' });
  const printed = await page.evaluate(async () => {
    dispatchEvent(new Event('beforeprint'));
    await new Promise((resolve) => {
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = resolve;
      port2.postMessage(null);
    });
    return null;
  }).then(() => widgets(page));
  for (const w of printed) {
    assert.ok(w.ready && w.drawn, `${w.id} is drawn for the paper (${JSON.stringify(w)})`);
    assert.equal(w.loading, false, `${w.id} does not print "Loading the engine…"`);
    assert.equal(w.theme, 'light', `${w.id} prints light`);
  }
  const look = await page.evaluate(() => ({
    page: getComputedStyle(document.body).color,
    frame: getComputedStyle(document.querySelector('main posenc-heatmap').shadowRoot.querySelector('.frame')).color,
  }));
  assert.deepEqual(look, { page: 'rgb(27, 31, 36)', frame: 'rgb(27, 31, 36)' }, 'the page and widget text are dark on paper');
  await page.screenshot({ path: join(screenshotDir, 'print-part1.png'), fullPage: true });

  // afterprint: the screen is dark again
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => dispatchEvent(new Event('afterprint')));
  assert.ok((await widgets(page)).every((w) => w.theme === 'dark'), 'dark again after printing');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Chromium\'s own print to PDF of a page opened at its top has every widget drawn, none "Loading the engine…"', async () => {
  const page = await open('methods.html');
  assert.ok((await widgets(page)).some((w) => !w.ready), 'some widgets have not started');
  // what the page held when the browser had laid it out for paper (afterprint comes after the layout)
  await page.evaluate(() => addEventListener('afterprint', () => (window.__printed = [...document.querySelectorAll('main *')].filter((el) => el.localName.startsWith('posenc-') && !el._ready).map((el) => el.id || el.localName)), { once: true }));
  const pdf = await page.pdf({ format: 'A4' });
  writeFileSync(join(screenshotDir, 'print-part2.pdf'), pdf);
  assert.deepEqual(await page.evaluate(() => window.__printed), [], 'every widget had started when the page was printed');
  for (const w of await widgets(page)) assert.ok(w.ready && w.drawn && !w.loading, `${w.id} was drawn for the PDF (${JSON.stringify(w)})`);
  // the PDF's own text (poppler's pdftotext, installed by npm test): the widgets' words, no loading notice
  const text = execFileSync('pdftotext', ['-layout', join(screenshotDir, 'print-part2.pdf'), '-'], { encoding: 'utf8' });
  assert.doesNotMatch(text, /Loading the engine/);
  assert.match(text, /Five methods, one sentence/, 'the widgets\' text is read from the PDF (the check above can fail)');
  assert.deepEqual(page.errors, []);
  await page.close();
});
