// The canvases of <posenc-train>: the loss curves (log scale), the accuracy by test length (the training
// length marked, kept races dashed, the current method thicker, the length read marked) and the attention
// weights of the example, one matrix per layer and head. `host` is the widget (its theme colours,
// translations, pixel ratio and compact layout); the view is the plain state drawn.

import { clearCanvas } from '../../render/canvas.js';
import { drawXYPlot } from '../../render/xyplot.js';
import { drawCells } from '../../render/cells.js';
import { CATEGORICAL } from '../../render/color.js';
import { METHODS } from './experiment.js';

/** A method's colour, the same in every plot, legend and table. */
export const colorOf = (method) => CATEGORICAL[METHODS.indexOf(method) % CATEGORICAL.length];

/** Loss against step, one curve per session (`curves`: [{ method, session }]), the current method's thicker. */
export function paintLoss(host, canvas, { curves, current, width: w }) {
  const h = host.compact ? 140 : 180;
  const ctx = clearCanvas(canvas, w, h, host.ratio);
  const t = host.theme$();
  const drawn = curves.filter((c) => c.session.step > 0);
  const total = Math.max(1, ...drawn.map((c) => c.session.total));
  let top = 0;
  let low = Infinity;
  for (const c of drawn)
    for (let i = 0; i < c.session.step; i++) {
      const v = c.session.losses[i];
      if (Number.isFinite(v)) {
        top = Math.max(top, v);
        low = Math.min(low, v);
      }
    }
  const series = drawn.map((c) => ({
    x: Float32Array.from({ length: c.session.step }, (_, i) => i + 1),
    y: c.session.losses.subarray(0, c.session.step),
    color: colorOf(c.method),
    width: c.method === current && drawn.length > 1 ? 2.5 : 1.5,
  }));
  drawXYPlot(ctx, {
    rect: { x: 52, y: 10, w: w - 52 - 12, h: h - 46 },
    xDomain: [0, total],
    yDomain: low < Infinity ? [Math.max(1e-4, low * 0.8), Math.max(top * 1.1, low * 2)] : [0.01, 10],
    yLog: true,
    theme: t,
    series,
    xLabel: host.t('train.axisStep'),
    yLabel: host.t('train.axisLoss'),
  });
}

/**
 * Accuracy against test length: the kept races dashed, then the curves (the current method's thicker), the
 * training length L marked, and the length read (`hover`) as a vertical line. Returns the plot (its scales,
 * for the pointer) and its rect.
 */
export function paintAccuracy(host, canvas, { curves, kept, current, lengths, L, hover, width: w }) {
  const h = host.compact ? 170 : 230;
  const ctx = clearCanvas(canvas, w, h, host.ratio);
  const t = host.theme$();
  const series = [];
  const curve = (rows, color, dash, width = 2) => {
    const ok = rows.filter((r) => r.supported);
    if (ok.length) series.push({ x: ok.map((r) => r.length), y: ok.map((r) => r.accuracy), color, width, dash, points: true, radius: 3 });
  };
  for (const k of kept) for (const e of k.entries) if (e.rows) curve(e.rows, colorOf(e.method), [5, 4], 1.2);
  for (const c of curves) if (c.session.rows) curve(c.session.rows, colorOf(c.method), undefined, c.method === current && curves.length > 1 ? 3 : 2);
  const rect = { x: 52, y: 12, w: w - 52 - 12, h: h - 48 };
  const plot = drawXYPlot(ctx, {
    rect,
    xDomain: [lengths[0] - 0.5, lengths.at(-1) + 0.5],
    yDomain: [0, 1],
    theme: t,
    xTicks: lengths,
    series,
    lines: [{ axis: 'x', value: L, color: t.muted, dash: [3, 3], label: host.t('train.trainedHere', { length: L }), align: 'start' }],
    xLabel: host.t('train.axisLength'),
    yLabel: host.t('train.axisAccuracy'),
  });
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

/** One causal attention matrix per layer and head (query rows, key columns); an empty canvas without `attention`. */
export function paintHeads(host, canvas, { attention: a, width: w }) {
  if (!a) {
    clearCanvas(canvas, 0, 0, host.ratio);
    return;
  }
  const { n, cols, size, height } = headsLayout(a, w);
  const ctx = clearCanvas(canvas, w, height, host.ratio);
  const t = host.theme$();
  const T = a.length;
  for (let k = 0; k < n; k++) {
    const layer = Math.floor(k / a.heads);
    const head = k % a.heads;
    const x = (k % cols) * (size + 10);
    const y = Math.floor(k / cols) * (size + 20);
    ctx.font = t.fontSmall;
    ctx.fillStyle = t.muted;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(host.t('train.layerHead', { layer, head }), x, y + 2);
    const base = k * T * T;
    drawCells(ctx, { rect: { x, y: y + 16, w: size, h: size }, rows: T, cols: T, get: (i, j) => (j > i ? NaN : a.weights[base + i * T + j]), scheme: 'viridis', vmin: 0, vmax: 1, maskColor: t.grid, gap: 0 });
  }
}
