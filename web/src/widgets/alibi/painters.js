// <posenc-alibi>'s canvases: the slopes, the heads' bias matrices and one query row's attention weights.
// Each painter draws from the computed data (./model.js) and the widget's view state; `host` is the widget
// (its theme colours, translations, pixel ratio and compact layout).

import { clearCanvas, wrapText } from '../../render/canvas.js';
import { formatNumber } from '../../i18n/index.js';
import { drawXYPlot, drawCursor, extent } from '../../render/xyplot.js';
import { drawCells, outlineCell, drawColorBar } from '../../render/cells.js';
import { CATEGORICAL } from '../../render/color.js';
import { row } from './model.js';

const SCHEME = 'viridis';

/** The slope of every head on a log scale, the selected head marked. */
export function paintSlopes(host, canvas, { data: d, head, width }) {
  const h = host.compact ? 130 : 170;
  const ctx = clearCanvas(canvas, width, h, host.ratio);
  if (!d) return;
  const t = host.theme$();
  const xs = Array.from({ length: d.H }, (_, i) => i);
  const [lo, hi] = extent([d.slopes], { positive: true });
  // room for tick labels such as 5·10⁻³ beside the axis title
  const rect = { x: 66, y: 10, w: width - 66 - 12, h: h - 44 };
  const plot = drawXYPlot(ctx, {
    rect,
    xDomain: [-0.5, d.H - 0.5],
    yDomain: [lo / 1.6, Math.min(1.5, hi * 1.6)],
    yLog: true,
    theme: t,
    xTicks: d.H <= 16 ? xs : undefined,
    series: [{ x: xs, y: d.slopes, color: t.accent, points: true, line: false, radius: 4 }],
    xLabel: host.t('alibi.axisHead'),
    yLabel: host.t('alibi.axisSlope'),
  });
  drawCursor(ctx, plot, rect, head, [{ y: d.slopes[head], color: t.selectA }], t.selectA);
}

/** Thumbnails per row and their size for `width` CSS px. */
function headsGeometry(host, H, w) {
  const cols = Math.max(1, Math.min(H, Math.floor(w / 112)));
  // 2 px margins: the outlines (2.5 px for the chosen head) are drawn outside each thumbnail
  const size = Math.min(host.compact ? 120 : 200, Math.floor((w - 4 - (cols - 1) * 10) / cols));
  const rows = Math.ceil(H / cols);
  const cellTitle = 16;
  return { w, cols, size, cellTitle, h: rows * (size + cellTitle + 10) + 30 };
}

/**
 * Every head's bias matrix as a thumbnail under its slope, the selected head outlined, the cursor on the head
 * being read (`cursorHead`, or none), and the colour bar with its caption. Returns each thumbnail's rectangle.
 */
export function paintHeads(host, canvas, { data: d, head, scale, cursor, cursorHead, width }) {
  const g = headsGeometry(host, d?.H ?? 1, width);
  const t = host.theme$();
  // the caption of the colour bar: beside it in at most two lines, else on lines of its own below it
  // (the canvas grows by those lines)
  const barW = Math.min(220, g.w / 2);
  const caption = host.t(d?.causal ? 'alibi.biasCaptionCausal' : 'alibi.biasCaptionSymmetric');
  const measure = canvas.getContext('2d');
  measure.font = t.fontSmall;
  let capX = barW + 12;
  let capY = g.h - 26;
  let capLines = wrapText(measure, caption, g.w - capX - 2);
  let extra = 0;
  if (capLines.length > 2) {
    capLines = wrapText(measure, caption, g.w - 2);
    capX = 0;
    capY = g.h + 2;
    extra = capLines.length * 13 + 4;
  }
  const ctx = clearCanvas(canvas, g.w, g.h + extra, host.ratio);
  if (!d) return [];
  const L = d.L;
  const rects = [];
  for (let h = 0; h < d.H; h++) {
    const x = 2 + (h % g.cols) * (g.size + 10);
    const y = 2 + Math.floor(h / g.cols) * (g.size + g.cellTitle + 10);
    const rect = { x, y: y + g.cellTitle, w: g.size, h: g.size };
    rects.push(rect);
    const chosen = h === head;
    ctx.font = chosen ? t.fontBold : t.fontSmall;
    ctx.fillStyle = chosen ? t.selectA : t.muted;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(host.t('alibi.headSlope', { head: h, slope: formatNumber(host.locale, Number(d.slopes[h].toPrecision(3))) }), x, y + 1);
    const base = h * L * L;
    const lo = scale === 'head' ? d.headMin[h] || -1 : d.vmin || -1;
    drawCells(ctx, { rect, rows: L, cols: L, get: (i, j) => d.bias[base + i * L + j], scheme: SCHEME, vmin: lo, vmax: 0, maskColor: t.grid, gap: 0 });
    ctx.strokeStyle = chosen ? t.selectA : t.border;
    ctx.lineWidth = chosen ? 2.5 : 1;
    ctx.strokeRect(rect.x - 0.5, rect.y - 0.5, rect.w + 1, rect.h + 1);
    if (h === cursorHead) outlineCell(ctx, rect, L, L, cursor, t.cursor);
  }
  drawColorBar(ctx, {
    x: 0,
    y: g.h - 24,
    w: barW,
    scheme: SCHEME,
    vmin: d.vmin,
    vmax: 0,
    labels: [scale === 'head' ? host.t('alibi.headMinimum') : formatNumber(host.locale, d.vmin, 2), '0'],
    color: t.muted,
    font: t.fontSmall,
  });
  ctx.font = t.fontSmall;
  ctx.fillStyle = t.muted;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  capLines.forEach((line, i) => ctx.fillText(line, capX, capY + i * 13));
  return rects;
}

/** Query row `query` of every head's weights, the selected head on top; returns the plot (for pointer reads). */
export function paintWeights(host, canvas, { data: d, head, query: q, hoverKey, width }) {
  const h = host.compact ? 160 : 220;
  const ctx = clearCanvas(canvas, width, h, host.ratio);
  if (!d) return null;
  const t = host.theme$();
  const L = d.L;
  const xs = Array.from({ length: L }, (_, j) => j);
  const series = [];
  let top = 0;
  for (let hh = 0; hh < d.H; hh++) {
    const ys = row(d, 'weights', hh, q);
    for (let j = 0; j < L; j++) if (ys[j] > top) top = ys[j];
    if (hh !== head) series.push({ x: xs, y: ys, color: CATEGORICAL[hh % CATEGORICAL.length], width: 1, alpha: 0.55 });
  }
  const sel = row(d, 'weights', head, q);
  series.push({ x: xs, y: sel, color: t.selectA, width: 3, points: L <= 64 });
  const rect = { x: 52, y: 12, w: width - 52 - 12, h: h - 48 };
  const plot = drawXYPlot(ctx, {
    rect,
    xDomain: [-0.5, L - 0.5],
    yDomain: [0, Math.min(1, top * 1.08) || 1],
    theme: t,
    series,
    lines: [{ axis: 'x', value: q, color: t.muted, label: host.t('alibi.queryMark', { query: q }), align: 'start' }],
    xLabel: host.t('alibi.axisKey'),
    yLabel: host.t('alibi.axisWeight'),
  });
  if (hoverKey != null) drawCursor(ctx, plot, rect, hoverKey, [{ y: sel[hoverKey], color: t.selectA }], t.cursor);
  return { plot, rect };
}
