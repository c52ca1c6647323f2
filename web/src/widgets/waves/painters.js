// <posenc-waves>'s canvas: the table's columns as curves over the positions (the sweep cursor, its dots and
// the selected positions marked), or the rows of some positions as curves over the dimensions. `host` is the
// widget (its theme colours, translations, pixel ratio and compact layout).

import { clearCanvas } from '../../render/canvas.js';
import { drawLinePlot } from '../../render/lineplot.js';
import { CATEGORICAL } from '../../render/color.js';
import { describeColumn } from '../sinusoid-info.js';
import { valueAt } from './model.js';

/** The colour of a position's curve: A and B for the selection's first two (`i` = its place), else the text's. */
export const positionColor = (t, i) => (i === 0 ? t.selectA : i === 1 ? t.selectB : t.fg);

/** The colour of the `k`th dimension's curve. */
export const dimColor = (k) => CATEGORICAL[k % CATEGORICAL.length];

/** Whether dimension `dim` holds a cosine (drawn dashed). */
export const isCos = (dim, params) => describeColumn(dim, params).kind === 'cos';

/**
 * The plot of the view `view` ('position' or 'dimension') over `width` CSS px; returns the plot's rectangle
 * (for pointer reads), or null without data.
 */
export function paintWaves(host, canvas, { data, view, at, rows, dims, selection, width: w }) {
  const h = Math.round(host.compact ? host.compactHeight(0.25, 180, 240) : Math.min(320, Math.max(220, w * 0.42)));
  const ctx = clearCanvas(canvas, w, h, host.ratio);
  if (!data) return null;
  const t = host.theme$();
  const rect = { x: 52, y: 10, w: Math.max(60, w - 64), h: h - 56 };
  const { table, params } = data;
  const { length: L, dModel: d } = params;
  if (view === 'dimension') {
    const series = rows.map((p) => {
      const i = selection.indexOf(p);
      return { values: table.subarray(p * d, p * d + d), color: positionColor(t, i), width: p === at ? 2.25 : 1.75, points: d <= 64, dash: p === at && i < 0 ? [] : undefined };
    });
    drawLinePlot(ctx, { rect, xDomain: [0, d - 1], yDomain: [-1.08, 1.08], series, theme: t, xLabel: host.t('waves.axisDimension'), yLabel: host.t('waves.axisValue') });
    return rect;
  }
  const series = dims.map((dim, k) => {
    const col = new Float32Array(L);
    for (let p = 0; p < L; p++) col[p] = table[p * d + dim];
    return { values: col, color: dimColor(k), dash: isCos(dim, params) ? [6, 3] : [], width: 1.75 };
  });
  const { sx, sy } = drawLinePlot(ctx, { rect, xDomain: [0, L - 1], yDomain: [-1.08, 1.08], series, theme: t, xLabel: host.t('waves.axisPosition'), yLabel: host.t('waves.axisValue') });
  const vertical = (x) => {
    ctx.beginPath();
    ctx.moveTo(Math.round(x) + 0.5, rect.y);
    ctx.lineTo(Math.round(x) + 0.5, rect.y + rect.h);
    ctx.stroke();
  };
  // sweep cursor and dots at the current position
  const x = sx(at);
  ctx.save();
  ctx.strokeStyle = t.cursor;
  ctx.globalAlpha = 0.6;
  vertical(x);
  ctx.globalAlpha = 1;
  dims.forEach((dim, k) => {
    ctx.fillStyle = dimColor(k);
    ctx.beginPath();
    ctx.arc(x, sy(valueAt(data, at, dim)), 3.5, 0, Math.PI * 2);
    ctx.fill();
  });
  // selected positions from the group
  selection.forEach((p, i) => {
    if (p >= L) return;
    ctx.strokeStyle = i === 0 ? t.selectA : t.selectB;
    ctx.setLineDash([3, 3]);
    ctx.lineWidth = 1.5;
    vertical(sx(p));
  });
  ctx.restore();
  return rect;
}
