// Line plot on canvas: several series over a shared x axis, value axis on the left.

import { niceTicks, drawValueAxis } from './axes.js';

export function linearScale(d0, d1, r0, r1) {
  const k = (r1 - r0) / (d1 - d0 || 1);
  const f = (v) => r0 + (v - d0) * k;
  f.invert = (p) => d0 + (p - r0) / k;
  return f;
}

/**
 * @param {CanvasRenderingContext2D} ctx   user space in CSS pixels
 * @param {object} o
 * @param {{x:number,y:number,w:number,h:number}} o.rect  plot area
 * @param {[number,number]} o.xDomain
 * @param {[number,number]} o.yDomain
 * @param {{values: ArrayLike<number>, xAt?: (i:number)=>number, color:string, dash?:number[], width?:number, points?:boolean}[]} o.series
 * @param {object} o.theme  from themeColors()
 * @param {number[]} [o.xTicks]
 * @param {string} [o.xLabel]
 * @param {string} [o.yLabel]
 */
export function drawLinePlot(ctx, { rect, xDomain, yDomain, series, theme, xTicks, xLabel, yLabel }) {
  const { x, y, w, h } = rect;
  const sx = linearScale(xDomain[0], xDomain[1], x, x + w);
  const sy = linearScale(yDomain[0], yDomain[1], y + h, y);
  const yt = niceTicks(yDomain[0], yDomain[1], Math.max(2, Math.floor(h / 40)));
  drawValueAxis(ctx, { side: 'left', ticks: yt, scale: sy, at: x, from: x, to: x + w, color: theme.muted, gridColor: theme.grid, font: theme.fontSmall });
  const xt = xTicks ?? niceTicks(xDomain[0], xDomain[1], Math.max(2, Math.floor(w / 70)), { integer: true });
  drawValueAxis(ctx, { side: 'bottom', ticks: xt, scale: sx, at: y + h, from: y, to: y + h, color: theme.muted, gridColor: theme.grid, font: theme.fontSmall });
  ctx.save();
  ctx.strokeStyle = theme.muted;
  ctx.lineWidth = 1;
  ctx.strokeRect(Math.round(x) + 0.5, Math.round(y) + 0.5, Math.round(w), Math.round(h));
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  for (const s of series) {
    const n = s.values.length;
    if (!n) continue;
    ctx.strokeStyle = s.color;
    ctx.lineWidth = s.width ?? 1.75;
    ctx.setLineDash(s.dash ?? []);
    ctx.lineJoin = 'round';
    ctx.beginPath();
    // Decimate to about 2 points per pixel by keeping min and max of each pixel column (no visual loss).
    const px = Math.max(1, Math.floor(w));
    if (n > px * 2 && !s.xAt) {
      for (let col = 0; col < px; col++) {
        const i0 = Math.floor((col * n) / px);
        const i1 = Math.max(i0 + 1, Math.floor(((col + 1) * n) / px));
        let lo = Infinity;
        let hi = -Infinity;
        for (let i = i0; i < i1; i++) {
          const v = s.values[i];
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
        const X = sx(xDomain[0] + ((xDomain[1] - xDomain[0]) * (i0 + i1) * 0.5) / (n - 1 || 1));
        if (col === 0) ctx.moveTo(X, sy(lo));
        else ctx.lineTo(X, sy(lo));
        ctx.lineTo(X, sy(hi));
      }
    } else {
      for (let i = 0; i < n; i++) {
        const X = sx(s.xAt ? s.xAt(i) : i);
        const Y = sy(s.values[i]);
        if (i === 0) ctx.moveTo(X, Y);
        else ctx.lineTo(X, Y);
      }
    }
    ctx.stroke();
    if (s.points && n <= 80) {
      ctx.setLineDash([]);
      ctx.fillStyle = s.color;
      for (let i = 0; i < n; i++) {
        ctx.beginPath();
        ctx.arc(sx(s.xAt ? s.xAt(i) : i), sy(s.values[i]), 2.2, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  }
  ctx.restore();
  ctx.save();
  ctx.fillStyle = theme.muted;
  ctx.font = theme.fontSmall;
  if (xLabel) {
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    ctx.fillText(xLabel, x + w, y + h + 32);
  }
  if (yLabel) {
    ctx.translate(x - 34, y + h / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(yLabel, 0, 0);
  }
  ctx.restore();
  return { sx, sy };
}
