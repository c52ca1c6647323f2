// <posenc-pipeline>'s canvases: each stage's vector as a bar chart, every stage on the same scale. `host` is
// the widget (its theme colours, pixel ratio and compact layout).

import { clearCanvas } from '../../render/canvas.js';
import { drawBars } from '../../render/bars.js';

/** The scale the stages share: their largest |value|, at least 1. */
export function sharedRange(stages) {
  let m = 1;
  for (const s of stages) if (s.vector) for (const v of s.vector) m = Math.max(m, Math.abs(v));
  return m;
}

/** One stage's bars (`dropped` ones marked), the dimension `highlight` (or −1) highlighted. */
export function paintStage(host, canvas, { vector, dropped, range, highlight, width }) {
  const t = host.theme$();
  const h = host.compact ? 56 : 70;
  const ctx = clearCanvas(canvas, width, h, host.ratio);
  drawBars(ctx, { rect: { x: 0, y: 2, w: width, h: h - 4 }, values: vector, range, pos: t.pos, neg: t.neg, axis: t.muted, highlight, highlightColor: t.cursor, dropped });
}
