// The canvas painter of <posenc-methods>: one method's score against distance, a pure function of the curve.

import { wrapText } from '../../render/canvas.js';
import { drawXYPlot, drawCursor, extent } from '../../render/xyplot.js';
import { hatch } from '../../render/cells.js';

/**
 * One panel: `curve[k]` is the method's positional score for the key k positions back (0 … D), the cursor
 * at `k`; `marker` an x to mark (T5's max distance) or null. Without a curve (the engine refused: the learned
 * table has no row past the training length), a hatched box says so. `text` holds the words, in the
 * widget's language: `axis` (the x axis title) and `failed` (the sentence in the hatched box).
 */
export function paintPanel(ctx, { w, h }, t, { method, color, curve, D, k, marker, text }) {
  const rect = { x: 44, y: 6, w: w - 52, h: h - 40 };
  if (!curve) {
    ctx.fillStyle = t.surface;
    ctx.fillRect(rect.x, rect.y, rect.w, rect.h);
    hatch(ctx, rect, t.muted, 7);
    ctx.strokeStyle = t.bad ?? '#cf222e';
    ctx.strokeRect(rect.x + 0.5, rect.y + 0.5, rect.w - 1, rect.h - 1);
    ctx.fillStyle = t.fg;
    ctx.font = t.fontBold;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    // on as many lines as the box's width asks for (a narrow card, a longer language), centred; in the small
    // font when the bold one would need more lines than the box holds
    let lineH = 16;
    let lines = wrapText(ctx, text.failed, rect.w - 10);
    if (lines.length * lineH > rect.h - 4) {
      ctx.font = t.fontSmall;
      lineH = 13;
      lines = wrapText(ctx, text.failed, rect.w - 10, Math.max(1, Math.floor((rect.h - 4) / lineH)));
    }
    lines.forEach((line, i) => ctx.fillText(line, rect.x + rect.w / 2, rect.y + rect.h / 2 + (i - (lines.length - 1) / 2) * lineH));
    return;
  }
  const xs = Float64Array.from({ length: D + 1 }, (_, i) => i);
  const [lo, hi] = extent([curve]);
  const pad = (hi - lo) * 0.08 || Math.abs(hi) * 0.1 || 1;
  const plot = drawXYPlot(ctx, {
    rect,
    xDomain: [0, Math.max(1, D)],
    yDomain: [lo - pad, hi + pad],
    theme: t,
    series: [{ x: xs, y: curve, color, width: 1.75, step: method === 't5' }],
    lines: marker != null ? [{ axis: 'x', value: marker, color: t.muted }] : [],
    xLabel: text.axis,
  });
  drawCursor(ctx, plot, rect, k, [{ y: curve[k], color }], t.cursor);
}
