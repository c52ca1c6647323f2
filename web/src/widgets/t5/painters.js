// Canvas painters of <posenc-t5>: pure functions of the computed buckets, biases and table (./model.js) and
// the widget's view state; `host` is the widget (its theme colours, translations, pixel ratio and layout).

import { drawCells, outlineCell, drawColorBar } from '../../render/cells.js';
import { clearCanvas, fillTextFitted } from '../../render/canvas.js';
import { drawXYPlot, drawCursor } from '../../render/xyplot.js';
import { drawBars } from '../../render/bars.js';
import { formatNumber } from '../../i18n/index.js';

export const BUCKET_SCHEME = 'viridis';
export const BIAS_SCHEME = 'RdBu';

/**
 * One L × L grid (`which`: 'buckets', each cell its bucket number, or 'bias', head `head`'s bias from the
 * table) in a `size`-pixel square with its axis labels and colour bar, the cursor cell outlined. `words`
 * holds the texts in the widget's language: `key` and `query` (axis titles), `bucket(n)` (the colour bar's
 * first label) and `number(v)` (a bias with two decimals).
 */
export function paintGrid(ctx, size, t, { which, data: d, head, cursor, focused, words }) {
  const L = d.L;
  const rect = { x: 34, y: 18, w: size, h: size };
  const numberPx = Math.max(rect.w / L < 15 ? 8.5 : rect.w / L < 18 ? 9.5 : 10, t.minText);
  const H = d.H;
  const hh = head;
  let lo = 0;
  let hi = d.nb - 1;
  if (which === 'bias') {
    let m = 0;
    for (let b = 0; b < d.nb; b++) m = Math.max(m, Math.abs(d.table[b * H + hh]));
    lo = -m || -1;
    hi = m || 1;
  }
  drawCells(ctx, {
    rect,
    rows: L,
    cols: L,
    get: which === 'buckets' ? (r, c) => d.grid[r * L + c] : (r, c) => d.bias[(r * L + c) * H + hh],
    scheme: which === 'buckets' ? BUCKET_SCHEME : BIAS_SCHEME,
    vmin: lo,
    vmax: hi,
    // bucket numbers where two digits fit a cell at the size the screen allows (12 px at the least on a phone)
    text: which === 'buckets' && rect.w / L >= 1.25 * numberPx ? (r, c, v) => String(v) : null,
    font: `${numberPx}px system-ui, sans-serif`,
    gap: 0,
  });
  outlineCell(ctx, rect, L, L, cursor, t.cursor, focused ? 2.5 : 1.5);
  ctx.font = t.fontSmall;
  ctx.fillStyle = t.muted;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText(words.key, rect.x, 2);
  ctx.save();
  ctx.translate(10, rect.y + rect.h / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(words.query, 0, 0);
  ctx.restore();
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const r of [0, L - 1]) ctx.fillText(String(r), rect.x - 4, rect.y + ((r + 0.5) * rect.h) / L);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const c of [0, L - 1]) ctx.fillText(String(c), rect.x + ((c + 0.5) * rect.w) / L, rect.y + rect.h + 3);
  drawColorBar(ctx, {
    x: rect.x,
    y: rect.y + rect.h + 20,
    w: Math.min(160, rect.w - 60),
    scheme: which === 'buckets' ? BUCKET_SCHEME : BIAS_SCHEME,
    vmin: lo,
    vmax: hi,
    labels: which === 'buckets' ? [words.bucket(0), String(d.nb - 1)] : [words.number(lo), words.number(hi)],
    color: t.muted,
    font: t.fontSmall,
  });
}

/** The bucket of every relative position in −R … R, each side's regions as bands; returns the plot. */
export function paintCurve(host, canvas, { data: d, rp, bucket, focused, maxDistance, bidirectional, width: w }) {
  const h = host.compact ? 170 : 230;
  const ctx = clearCanvas(canvas, w, h, host.ratio);
  if (!d) return null;
  const t = host.theme$();
  const R = d.R;
  const band = (side, sign) => {
    const out = [];
    const add = (a, b, color, label) => {
      b = Math.min(b, R);
      if (b < a) return;
      const lo = sign > 0 ? a - 0.5 : -b - 0.5;
      const hi = sign > 0 ? b + 0.5 : -a + 0.5;
      out.push({ from: lo, to: hi, color, label });
    };
    if (sign > 0 && !bidirectional) {
      add(1, R, 'rgba(128,128,128,0.10)', host.t('t5.bandFuture'));
      return out;
    }
    add(sign > 0 ? Math.max(1, side.exact[0]) : side.exact[0], side.exact[1], 'rgba(26,127,55,0.14)', host.t('t5.bandExact'));
    add(side.log[0], side.log[1], 'rgba(10,88,202,0.10)', host.t('t5.bandLog'));
    if (side.last) add(side.last[0], side.last[1], 'rgba(207,34,46,0.10)', host.t('t5.regionLast'));
    return out;
  };
  const rect = { x: 46, y: 10, w: w - 46 - 12, h: h - 52 };
  const plot = drawXYPlot(ctx, {
    rect,
    xDomain: [-R - 0.5, R + 0.5],
    yDomain: [-0.5, d.nb - 0.5],
    theme: t,
    bands: [...band(d.past, -1), ...band(d.future, 1)],
    series: [{ x: d.x, y: d.y, color: t.accent, step: true, width: 2 }],
    lines: [
      { axis: 'x', value: -maxDistance, color: t.muted, label: `−max-distance`, align: 'end' },
      ...(bidirectional ? [{ axis: 'x', value: maxDistance, color: t.muted, label: 'max-distance', align: 'end' }] : []),
    ],
    xLabel: host.t('t5.axisRelative'),
    yLabel: host.t('t5.axisBucket'),
    yLabelOffset: 32,
  });
  drawCursor(ctx, plot, rect, rp, [{ y: bucket, color: t.selectA }], focused ? t.cursor : t.selectA);
  return { plot, rect };
}

/** The grids' size for `w` CSS px: side by side when two fit, each a `size`-pixel square. */
export function gridGeometry(w, compact) {
  const two = w >= (compact ? 440 : 560);
  const each = two ? Math.floor((w - 16) / 2) : w;
  const size = Math.max(120, Math.min(each - 40, compact ? 300 : 420));
  return { w, two, each, size, h: size + 66 };
}

/** Both grids (`canvases`: { buckets, bias }), each with its texts in the widget's language. */
export function paintGrids(host, canvases, { data: d, head, cursor, focused, width }) {
  const g = gridGeometry(width, host.compact);
  const words = {
    key: host.t('t5.axisKey'),
    query: host.t('t5.axisQuery'),
    bucket: (n) => host.t('t5.bucketN', { bucket: n }),
    number: (v) => formatNumber(host.locale, v, 2),
  };
  for (const which of ['buckets', 'bias']) {
    const canvas = canvases[which];
    if (!canvas) continue;
    const ctx = clearCanvas(canvas, g.size + 40, g.h, host.ratio);
    if (d) paintGrid(ctx, g.size, host.theme$(), { which, data: d, head, cursor, focused: focused === which, words });
  }
}

/** Head `head`'s column of the bias table as bars, the cell's bucket highlighted. */
export function paintTable(host, canvas, { data: d, head, bucket, width: w }) {
  const h = host.compact ? 96 : 110;
  const ctx = clearCanvas(canvas, w, h, host.ratio);
  if (!d) return;
  const t = host.theme$();
  const values = new Float32Array(d.nb);
  let m = 0;
  for (let b = 0; b < d.nb; b++) {
    values[b] = d.table[b * d.H + head];
    m = Math.max(m, Math.abs(values[b]));
  }
  // the name at the left on two lines: the bars start after its wider line (60 px at least, a third of the width at most)
  ctx.font = t.fontSmall;
  const name = [host.t('t5.tableHead', { head }), host.t('t5.tableName')];
  const x0 = Math.round(Math.min(w / 3, Math.max(60, ...name.map((s) => ctx.measureText(s).width + 8))));
  drawBars(ctx, { rect: { x: x0, y: 6, w: w - x0 - 10, h: h - 28 }, values, range: m || 1, pos: t.pos, neg: t.neg, axis: t.muted, highlight: bucket, highlightColor: t.cursor });
  ctx.font = t.fontSmall;
  ctx.fillStyle = t.muted;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  fillTextFitted(ctx, name[0], 2, h / 2 - 8, x0 - 4, { maxLines: 1 });
  fillTextFitted(ctx, name[1], 2, h / 2 + 8, x0 - 4, { maxLines: 1 });
  ctx.textBaseline = 'bottom';
  ctx.fillText(host.t('t5.bucketN', { bucket: 0 }), x0, h);
  ctx.textAlign = 'right';
  ctx.fillText(host.t('t5.bucketN', { bucket: d.nb - 1 }), w - 10, h);
}
