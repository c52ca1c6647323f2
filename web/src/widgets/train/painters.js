// The canvases of <posenc-train>: the loss curves (log scale, a race's per method and seed), what the model
// writes by test length (the mean over seeds; the training length marked, kept races dashed, the current
// method thicker, the length read marked) and the attention
// weights of the example, one matrix per layer and head. `host` is the widget (its theme colours,
// translations, pixel ratio and compact layout); the view is the plain state drawn.

import { clearCanvas } from '../../render/canvas.js';
import { drawSeries, drawXYPlot } from '../../render/xyplot.js';
import { drawCells } from '../../render/cells.js';
import { CATEGORICAL } from '../../render/color.js';
import { RACE_METHODS } from './experiment.js';

// a number per set of theme colours (theme$() makes a new set when the scheme or the theme changes): the
// canvases' keys hold it rather than resolvedTheme, which reads the page's computed styles (a style pass)
const themeIds = new WeakMap();
let themeCount = 0;
export const themeId = (colors) => themeIds.get(colors) ?? (themeIds.set(colors, ++themeCount), themeCount);

/** A method's colour, the same in every plot, legend and table. */
export const colorOf = (method) => CATEGORICAL[Math.max(0, RACE_METHODS.indexOf(method)) % CATEGORICAL.length];

// the most points one loss curve draws: a race draws a curve per method and seed, each thousands of steps
const LOSS_POINTS = 300;

/** `losses[0 … n)` as at most LOSS_POINTS (step, mean loss) points. */
function decimate(losses, n) {
  const k = Math.max(1, Math.ceil(n / LOSS_POINTS));
  const m = Math.ceil(n / k);
  const x = new Float32Array(m);
  const y = new Float32Array(m);
  for (let j = 0; j < m; j++) {
    let sum = 0;
    let count = 0;
    for (let i = j * k; i < Math.min(n, (j + 1) * k); i++) if (Number.isFinite(losses[i])) (sum += losses[i]), count++;
    x[j] = Math.min(n, (j + 1) * k);
    y[j] = count ? sum / count : NaN;
  }
  return { x, y };
}

// a loss plot's picture of its finished curves, per canvas: { key, canvas }
const finishedLayer = new WeakMap();

/** `v` rounded down (`up`: up) to a quarter decade, so that a log axis's range moves in steps. */
const quarterDecade = (v, up = false) => 10 ** ((up ? Math.ceil : Math.floor)(Math.log10(v) * 4) / 4);

/**
 * Loss against step, one curve per session (`curves`: [{ method, seed?, session }], a race's per method and
 * seed), the current method's thicker. The curves of finished runs are drawn once into a picture the next
 * drawings copy, and only the running ones are drawn again: late in a race a dozen finished curves drawn on
 * every update were the longest tasks on a phone's main thread.
 */
export function paintLoss(host, canvas, { curves, current, width: w }) {
  const h = host.compact ? 140 : 180;
  const t = host.theme$();
  const drawn = curves.filter((c) => c.session.step > 0);
  const total = Math.max(1, ...drawn.map((c) => c.session.total));
  const series = drawn.map((c) => ({
    ...decimate(c.session.losses, c.session.step),
    color: colorOf(c.method),
    width: c.method === current && drawn.length > 1 ? 2 : 1.25,
    finished: c.session.step >= c.session.total,
    id: `${c.method}:${c.seed}`,
  }));
  let top = 0;
  let low = Infinity;
  for (const s of series)
    for (const v of s.y)
      if (Number.isFinite(v) && v > 0) {
        top = Math.max(top, v);
        low = Math.min(low, v);
      }
  // the y axis's labels need their width: at most 4 characters (10⁻⁴ … 10)
  const left = 46;
  const plot = {
    rect: { x: left, y: 10, w: w - left - 12, h: h - 46 },
    xDomain: [0, total],
    yDomain: low < Infinity ? [quarterDecade(Math.max(1e-4, low * 0.8)), quarterDecade(Math.max(top * 1.1, low * 2), true)] : [0.01, 10],
    yLog: true,
    theme: t,
    xLabel: host.t('train.axisStep'),
    yLabel: host.t('train.axisLoss'),
  };
  const finished = series.filter((s) => s.finished);
  const running = series.filter((s) => !s.finished);
  // the picture holds the plot and the finished curves `ids`; one more finished curve is drawn onto it
  const key = JSON.stringify([w, h, host.ratio, t, plot.yDomain, total, plot.xLabel, plot.yLabel, current]);
  let layer = finishedLayer.get(canvas);
  if (layer?.key !== key || layer.ids.some((id) => !finished.some((s) => s.id === id))) {
    layer = { key, ids: [], canvas: layer?.canvas ?? document.createElement('canvas') };
    layer.scales = drawXYPlot(clearCanvas(layer.canvas, w, h, host.ratio), { ...plot, series: [] });
    finishedLayer.set(canvas, layer);
  }
  const added = finished.filter((s) => !layer.ids.includes(s.id));
  if (added.length) {
    drawSeries(layer.canvas.getContext('2d'), { rect: plot.rect, ...layer.scales, series: added, yLog: true });
    layer.ids.push(...added.map((s) => s.id));
  }
  const ctx = clearCanvas(canvas, w, h, host.ratio);
  ctx.drawImage(layer.canvas, 0, 0, w, h);
  drawSeries(ctx, { rect: plot.rect, ...layer.scales, series: running, yLog: true });
}

const AXIS = { exactMatch: 'train.axisExact', accuracy: 'train.axisAccuracy', teacherForced: 'train.axisTeacherForced' };

/**
 * `metric` (exact match, greedy accuracy or teacher-forced accuracy; the mean over seeds) against test
 * length, from the race's summaries (`table`, race.js): the kept races dashed, then each method (the current
 * one thicker, one that did not learn the task at L faded), the training length L marked above the plot, and
 * the length read (`hover`) as a vertical line. The x axis spans this race's lengths and the kept ones'. Returns
 * the plot (its scales, for the pointer) and its rect.
 */
export function paintAccuracy(host, canvas, { table, kept, current, metric = 'exactMatch', lengths, L, hover, width: w }) {
  const h = host.compact ? 170 : 230;
  const ctx = clearCanvas(canvas, w, h, host.ratio);
  const t = host.theme$();
  const series = [];
  const curve = (summary, dash, width, alpha) => {
    const ok = summary.rows.filter((r) => r.supported && r.seeds > 0);
    if (ok.length) series.push({ x: ok.map((r) => r.length), y: ok.map((r) => r[metric].mean), color: colorOf(summary.method), width, dash, alpha, points: true, radius: 3 });
  };
  for (const k of kept) for (const m of k.table) curve(m, [5, 4], 1.2, 0.7);
  for (const m of table) curve(m, undefined, m.method === current && table.length > 1 ? 3 : 2, m.fit === false ? 0.35 : 1);
  const all = [...lengths, ...kept.flatMap((k) => k.lengths)];
  // the label "trained at L" sits above the plot, never over the points at 100 %
  const rect = { x: 46, y: 22, w: w - 46 - 12, h: h - 58 };
  const plot = drawXYPlot(ctx, {
    rect,
    xDomain: [Math.min(...all) - 0.5, Math.max(...all) + 0.5],
    yDomain: [0, 1],
    yTicks: [0, 0.25, 0.5, 0.75, 1],
    theme: t,
    xTicks: lengths,
    series,
    lines: [{ axis: 'x', value: L, color: t.muted, dash: [3, 3] }],
    xLabel: host.t('train.axisLength'),
    yLabel: host.t(AXIS[metric] ?? AXIS.exactMatch),
  });
  const label = host.t('train.trainedHere', { length: L });
  const p = plot.sx(L);
  ctx.font = t.fontSmall;
  ctx.fillStyle = t.muted;
  ctx.textBaseline = 'bottom';
  const right = p + ctx.measureText(label).width < rect.x + rect.w;
  ctx.textAlign = right ? 'left' : 'right';
  ctx.fillText(label, right ? p : p + 1, rect.y - 4);
  if (hover != null) {
    const x = plot.sx(hover);
    ctx.strokeStyle = t.cursor;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(x + 0.5, rect.y);
    ctx.lineTo(x + 0.5, rect.y + rect.h);
    ctx.stroke();
  }
  return { plot, rect };
}

/** The attention grid's layout for `a` ({ layers, heads, length, weights }) in a width w. */
function headsLayout(a, w) {
  const n = a.layers * a.heads;
  const cols = Math.max(1, Math.min(a.heads, Math.floor(w / 120)));
  const size = Math.min(180, Math.floor((w - (cols - 1) * 10) / cols));
  return { n, cols, size, height: Math.ceil(n / cols) * (size + 20) };
}

/**
 * One causal attention matrix per layer and head (query rows, key columns); an empty canvas without
 * `attention`. Returns the drawing as functions to call in turn: sizing and clearing the canvas, then each
 * head (the caller may call them in separate tasks: on a phone at the end of a race, sizing the canvas and
 * drawing a layer's heads with it was a task of 110 ms).
 */
export function paintHeads(host, canvas, { attention: a, width: w }) {
  if (!a) {
    clearCanvas(canvas, 0, 0, host.ratio);
    return [];
  }
  const { n, cols, size, height } = headsLayout(a, w);
  let ctx;
  const t = host.theme$();
  const T = a.length;
  const head = (k) => {
    const x = (k % cols) * (size + 10);
    const y = Math.floor(k / cols) * (size + 20);
    ctx.font = t.fontSmall;
    ctx.fillStyle = t.muted;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(host.t('train.layerHead', { layer: Math.floor(k / a.heads), head: k % a.heads }), x, y + 2);
    const base = k * T * T;
    drawCells(ctx, { rect: { x, y: y + 16, w: size, h: size }, rows: T, cols: T, get: (i, j) => (j > i ? NaN : a.weights[base + i * T + j]), scheme: 'viridis', vmin: 0, vmax: 1, maskColor: t.grid, gap: 0 });
  };
  return [() => (ctx = clearCanvas(canvas, w, height, host.ratio)), ...Array.from({ length: n }, (_, k) => () => head(k))];
}

/**
 * Calls `draws` one per task (all at once when `now`), until `wanted()` says a later drawing took over;
 * resolves when done (undefined when `now`).
 */
export function drawInTasks(draws, { now = false, wanted }) {
  if (now) {
    for (const draw of draws) draw();
    return undefined;
  }
  return (async () => {
    for (const [i, draw] of draws.entries()) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      if (!wanted()) return;
      draw();
    }
  })();
}
