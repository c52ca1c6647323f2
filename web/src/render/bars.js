// Bar chart of one vector (one bar per dimension), symmetric around zero.

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {object} o
 * @param {{x:number,y:number,w:number,h:number}} o.rect
 * @param {ArrayLike<number>} o.values
 * @param {number} o.range  values are drawn on [-range, range]
 * @param {string} o.pos  colour of positive bars
 * @param {string} o.neg  colour of negative bars
 * @param {string} o.axis colour of the zero line
 * @param {number} [o.highlight] index drawn with an outline
 * @param {string} [o.highlightColor]
 * @param {Uint8Array|boolean[]} [o.dropped] indices shown as dropped (hollow)
 */
export function drawBars(ctx, { rect, values, range, pos, neg, axis, highlight = -1, highlightColor = '#000', dropped }) {
  const { x, y, w, h } = rect;
  const n = values.length;
  const mid = y + h / 2;
  const bw = w / Math.max(1, n);
  const gap = bw > 4 ? 1 : 0;
  const k = h / 2 / (range || 1);
  ctx.save();
  for (let i = 0; i < n; i++) {
    const v = Math.max(-range, Math.min(range, values[i]));
    const bx = x + i * bw;
    const bh = v * k;
    if (dropped && dropped[i]) {
      ctx.strokeStyle = axis;
      ctx.setLineDash([2, 2]);
      ctx.strokeRect(bx + gap / 2 + 0.5, mid - 3, Math.max(1, bw - gap - 1), 6);
      ctx.setLineDash([]);
      continue;
    }
    ctx.fillStyle = v >= 0 ? pos : neg;
    ctx.fillRect(bx + gap / 2, v >= 0 ? mid - bh : mid, Math.max(1, bw - gap), Math.abs(bh));
  }
  ctx.strokeStyle = axis;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(x, Math.round(mid) + 0.5);
  ctx.lineTo(x + w, Math.round(mid) + 0.5);
  ctx.stroke();
  if (highlight >= 0 && highlight < n) {
    ctx.strokeStyle = highlightColor;
    ctx.lineWidth = 2;
    ctx.strokeRect(x + highlight * bw + 1, y + 1, Math.max(2, bw - 2), h - 2);
  }
  ctx.restore();
  return { barWidth: bw, indexAt: (px) => Math.floor((px - x) / bw) };
}
