// Labels and readouts in heatmap, learned, alibi and scaling: row labels of a table that starts
// at an offset, the readout filled in on load, a visible line for selected positions outside the table,
// canvas captions that stay inside the canvas on a narrow screen, and the learned table's position marker
// leaving the row tick labels readable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, textLoggedPage, waitReady, shadowText, shot } from './helpers.mjs';

const env = browserPerFile();

/** widgetPage with the fillText log installed. */
const open = (html, options) => textLoggedPage(env, html, options);

/** The texts recorded on each canvas inside the widget `sel`: [{ canvas: class names, texts }]. */
function canvasTexts(page, sel) {
  return page.evaluate((s) => {
    const host = document.querySelector(s);
    return [...host.shadowRoot.querySelectorAll('canvas')].map((c) => ({ canvas: c.className, texts: window.__canvasTexts(c) }));
  }, sel);
}

test('heatmap: with an offset, the row labels are the positions (offset + row), like the readout and the table', async () => {
  const page = await open('<posenc-heatmap id="h" offset="5" length="12" d-model="10" layout="split" positions="6,9"></posenc-heatmap>');
  const geom = await page.evaluate(() => {
    const g = document.querySelector('#h')._layoutGeom;
    return { x: g.rect.x, rows: Array.from({ length: g.rows }, (_, r) => g.rowY(r)) };
  });
  const [{ texts }] = await canvasTexts(page, '#h');
  // row tick labels: right-aligned just left of the plot, one per row (12 rows have room for all)
  const rowLabels = texts.filter((t) => t.align === 'right' && !t.rotated && t.x === geom.x - 5);
  const byRow = geom.rows.map((y) => rowLabels.find((t) => Math.abs(t.y - y) < 0.5)?.text);
  assert.deepEqual(byRow, ['5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16']);
  // position 6 (selection A) is outlined on the row labelled 6, the readout names the same position
  assert.equal(byRow[6 - 5], '6');
  assert.match(await shadowText(page, '#h', '#readout'), /^position 6, /);
  const csvFirst = await page.evaluate(() => document.querySelector('#h').toCSV().split('\n')[1].split(',')[0]);
  assert.equal(csvFirst, '5');

  // a long table: ticks fall on round positions, and the first row keeps its own label when it has room
  await page.evaluate(() => Object.assign(document.querySelector('#h'), { offset: 997, length: 200, dModel: 16 }));
  await waitReady(page);
  const long = await page.evaluate(() => {
    const el = document.querySelector('#h');
    const g = el._layoutGeom;
    const texts = window.__canvasTexts(el.shadowRoot.querySelector('canvas.plot'));
    return texts.filter((t) => t.align === 'right' && !t.rotated && t.x === g.rect.x - 5).map((t) => Number(t.text));
  });
  assert.ok(long.length >= 5, `several row labels (${long})`);
  for (const v of long) assert.ok(v >= 997 && v <= 1196, `label ${v} is a position of the table`);
  const round = long.filter((v) => v !== 997);
  const step = round[1] - round[0];
  assert.ok(round.every((v) => v % step === 0), `labels are multiples of the step ${step}: ${long}`);
  await shot(page.locator('#h'), 'review-b-heatmap-offset');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('heatmap: the readout shows PE(1, 0) = sin(1) as soon as the widget is ready, before any hover', async () => {
  const page = await open('<posenc-heatmap></posenc-heatmap>');
  const text = await shadowText(page, 'posenc-heatmap', '#readout');
  const formula = await shadowText(page, 'posenc-heatmap', '.formula');
  assert.match(text, /^position 1, dimension 0 \(sin, i = 0\): 0\.8415$/);
  assert.match(formula, /^PE\(1, 0\) = .*sin\(1\) = 0\.8415$/);
  // and after a change of the table, without hovering either
  await page.evaluate(() => (document.querySelector('posenc-heatmap').offset = 100));
  await waitReady(page);
  assert.match(await shadowText(page, 'posenc-heatmap', '#readout'), /^position 101, dimension 0 /);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('heatmap: selected positions outside the table are named in a visible line, which goes when they fit', async () => {
  const page = await open('<posenc-heatmap id="h" positions="50" length="20"></posenc-heatmap>');
  const lines = () => page.evaluate(() => [...document.querySelector('#h').shadowRoot.querySelectorAll('.adjusted')].map((p) => p.textContent.trim()));
  let shown = await lines();
  assert.equal(shown.length, 1, `one adjustment line (${shown})`);
  assert.match(shown[0], /^positions: 50 is not a row of the table \(positions 0 to 19\), so it is left out$/);
  // a second selection inside the table is outlined and not mentioned
  await page.evaluate(() => (document.querySelector('#h').positions = [3, 50]));
  await page.evaluate(() => document.querySelector('#h').updateComplete);
  shown = await lines();
  assert.equal(shown.length, 1);
  assert.match(shown[0], /^positions: 50 is not/);
  // a longer table contains 50: the message goes
  await page.evaluate(() => (document.querySelector('#h').length = 60));
  await waitReady(page);
  assert.deepEqual(await lines(), []);
  // with an offset past it, 3 and 50 are both outside
  await page.evaluate(() => (document.querySelector('#h').offset = 100));
  await waitReady(page);
  shown = await lines();
  assert.match(shown[0], /^positions: 3, 50 are not a row of the table \(positions 100 to 159\), so they are left out$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('captions of scaling, alibi and learned stay inside their canvases at 360 px and at 1100 px', async () => {
  const html = `
    <posenc-scaling id="s1"></posenc-scaling>
    <posenc-scaling id="s2" view="frequency"></posenc-scaling>
    <posenc-alibi id="a1"></posenc-alibi>
    <posenc-alibi id="a2" symmetric></posenc-alibi>
    <posenc-learned id="l1" position="500"></posenc-learned>`;
  const captions = {
    s1: /^above the purple line/,
    s2: /^below the purple line/,
    a1: /^bias \(rows/,
    a2: /^bias \(rows/,
    l1: /^dimension 0 /,
  };
  for (const width of [360, 1100]) {
    const page = await open(html, { width });
    for (const [id, first] of Object.entries(captions)) {
      const canvases = await canvasTexts(page, `#${id}`);
      const all = canvases.flatMap((c) => c.texts.map((t) => ({ ...t, canvas: c.canvas })));
      assert.ok(all.some((t) => first.test(t.text)), `${id} at ${width}px draws its caption (${all.map((t) => t.text).join(' | ')})`);
      for (const t of all) {
        if (t.rotated) continue;
        assert.ok(t.left >= -1 && t.right <= t.canvasWidth + 1, `${id} at ${width}px: "${t.text}" on canvas.${t.canvas} spans ${t.left.toFixed(1)} … ${t.right.toFixed(1)} of ${t.canvasWidth}`);
      }
    }
    if (width === 360) for (const id of Object.keys(captions)) await shot(page.locator(`#${id}`), `review-b-${id}-360`);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('learned: the position marker leaves the row tick labels uncovered (500 in the default table, 20 past a small one)', async () => {
  const page = await open('<posenc-learned id="l" position="500"></posenc-learned>');
  const check = async (pos) => {
    const r = await page.evaluate(() => {
      const el = document.querySelector('#l');
      const out = [];
      for (const which of ['learned', 'sinusoidal']) {
        const canvas = el.shadowRoot.querySelector(`canvas.${which}`);
        const g = el._geom[which];
        const ratio = canvas.width / g.width;
        const y = g.rect.y + (el.position + 0.5) * g.cellH;
        const labels = window.__canvasTexts(canvas).filter((t) => t.align === 'right' && t.x === g.rect.x - 5);
        const label = labels.find((t) => Math.abs(t.y - y) < 1)?.text ?? null;
        // no pixel of the marker's colour in the label column left of the plot, at the marker's height
        const x0 = Math.floor((g.rect.x - 14) * ratio);
        const x1 = Math.floor((g.rect.x - 2) * ratio);
        const y0 = Math.floor((y - 7) * ratio);
        const img = canvas.getContext('2d').getImageData(x0, y0, x1 - x0, Math.ceil(14 * ratio)).data;
        let orange = 0;
        for (let i = 0; i < img.length; i += 4) {
          const [R, G, B, A] = [img[i], img[i + 1], img[i + 2], img[i + 3]];
          if (A > 100 && R > 150 && G < 120 && B < 80) orange++;
        }
        out.push({ which, label, orange });
      }
      return out;
    });
    for (const { which, label, orange } of r) {
      assert.equal(label, String(pos), `${which}: the tick label at position ${pos} is drawn`);
      assert.equal(orange, 0, `${which}: the marker covers no part of the tick label column at ${pos}`);
    }
  };
  await check(500);
  await page.evaluate(() => Object.assign(document.querySelector('#l'), { maxLength: 16, position: 20 }));
  await waitReady(page);
  await check(20);
  await shot(page.locator('#l'), 'review-b-learned-marker');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('canvas labels take 12 px when the window narrows to a phone (≤ 480 px) and 11 px again when it widens', async () => {
  const page = await open('<posenc-heatmap id="h" length="12" d-model="16"></posenc-heatmap>', { width: 900 });
  // the axis numbers of the heatmap: their font size in CSS px
  const sizes = () =>
    page.evaluate(() => {
      const c = document.querySelector('#h').shadowRoot.querySelector('canvas.plot');
      const ratio = c.width / c.getBoundingClientRect().width;
      return [...new Set(window.__canvasTexts(c).filter((t) => /^\d+$/.test(t.text)).map((t) => Math.round(((parseFloat(/([\d.]+)px/.exec(t.font)[1]) * t.scale) / ratio) * 10) / 10))];
    });
  const settled = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.deepEqual(await sizes(), [11]);
  await page.setViewportSize({ width: 400, height: 900 });
  await settled();
  assert.deepEqual(await sizes(), [12]);
  await page.setViewportSize({ width: 900, height: 900 });
  await settled();
  assert.deepEqual(await sizes(), [11]);
  await page.close();
});
