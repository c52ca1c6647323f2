// <posenc-properties>'s canvas: a few sine columns over every position, the region beyond the training
// length shaded and its start marked. `host` is the widget (its theme colours, translations, pixel ratio and
// compact layout).

import { clearCanvas } from '../../render/canvas.js';
import { drawLinePlot } from '../../render/lineplot.js';
import { CATEGORICAL } from '../../render/color.js';

/** The columns `dims` of the checks' table `C` over `width` CSS px, the training length `C.extrap.T` marked. */
export function paintExtrapolation(host, canvas, { checks: C, dims, width: w }) {
  const t = host.theme$();
  const h = host.compact ? 124 : 200;
  const ctx = clearCanvas(canvas, w, h, host.ratio);
  const rect = { x: 50, y: 8, w: Math.max(60, w - 60), h: h - 48 };
  const series = dims.map((dim, j) => {
    const col = new Float32Array(C.L);
    for (let q = 0; q < C.L; q++) col[q] = C.table[q * C.d + dim];
    return { values: col, color: CATEGORICAL[j], width: 1.5 };
  });
  // shade the region beyond the training length
  const x = rect.x + (C.extrap.T / (C.L - 1)) * rect.w;
  ctx.fillStyle = t.surface;
  ctx.fillRect(x, rect.y, rect.x + rect.w - x, rect.h);
  drawLinePlot(ctx, { rect, xDomain: [0, C.L - 1], yDomain: [-1.08, 1.08], series, theme: t, xLabel: host.t('properties.axisPosition'), yLabel: host.t('properties.axisValue') });
  ctx.save();
  ctx.strokeStyle = t.fg;
  ctx.setLineDash([5, 4]);
  ctx.beginPath();
  ctx.moveTo(Math.round(x) + 0.5, rect.y);
  ctx.lineTo(Math.round(x) + 0.5, rect.y + rect.h);
  ctx.stroke();
  ctx.fillStyle = t.fg;
  ctx.font = t.fontSmall;
  ctx.textBaseline = 'top';
  // the label right of the mark when it fits, else left of it, on a veil of the background
  const label = host.t('properties.trainingMark', { T: C.extrap.T });
  const lw = ctx.measureText(label).width;
  const lx = x + 6 + lw < rect.x + rect.w ? x + 6 : x - 6 - lw;
  ctx.fillStyle = t.bg;
  ctx.globalAlpha = 0.85;
  ctx.fillRect(lx - 3, rect.y + 2, lw + 6, 16);
  ctx.globalAlpha = 1;
  ctx.fillStyle = t.fg;
  ctx.textAlign = 'left';
  ctx.fillText(label, lx, rect.y + 4);
  ctx.restore();
}
