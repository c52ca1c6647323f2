// <posenc-compare>'s canvas: the two encodings as bar charts, one above the other. `host` is the widget (its
// theme colours, translations and pixel ratio).

import { clearCanvas } from '../../render/canvas.js';
import { drawBars } from '../../render/bars.js';

// the bars start after the row names ("A: PE(12)") and end 6 px before the edge
const LEFT = 66;
const RIGHT = 6;
const HEIGHT = 150;
const ROW = 58;

/** The dimension under `x` (CSS px) on a canvas `width` wide, or −1. */
export function dimensionAt(x, width, dModel) {
  const d = Math.floor(((x - LEFT) / (width - LEFT - RIGHT)) * dModel);
  return d >= 0 && d < dModel ? d : -1;
}

/** PE(a) and PE(b) (`vectors`, either may be null) as bars, the dimension `hoverDim` highlighted. */
export function paintVectors(host, canvas, { vectors, pair: [a, b], hoverDim, dModel, width }) {
  const t = host.theme$();
  const ctx = clearCanvas(canvas, width, HEIGHT, host.ratio);
  if (!vectors) return;
  const draw = (v, y, color, name) => {
    ctx.fillStyle = color;
    ctx.font = t.fontBold;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    ctx.fillText(name, 4, y + ROW / 2);
    if (!v) return;
    drawBars(ctx, { rect: { x: LEFT, y, w: width - LEFT - RIGHT, h: ROW }, values: v, range: 1, pos: color, neg: color, axis: t.muted, highlight: hoverDim, highlightColor: t.cursor });
  };
  draw(vectors[0], 6, t.selectA, a != null ? `A: PE(${a})` : 'A: —');
  draw(vectors[1], 12 + ROW, t.selectB, b != null ? `B: PE(${b})` : 'B: —');
  ctx.fillStyle = t.muted;
  ctx.font = t.fontSmall;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.fillText(host.t('compare.axis', { last: dModel - 1 }), width - RIGHT, HEIGHT);
}
