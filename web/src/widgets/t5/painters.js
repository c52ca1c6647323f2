// Canvas painters of <posenc-t5>: pure functions of the computed buckets, biases and table.

import { drawCells, outlineCell, drawColorBar } from '../../render/cells.js';

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
