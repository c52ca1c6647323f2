// XY plots on canvas with linear or logarithmic axes, explicit x values per series, reference lines,
// shaded bands and step curves. Complements lineplot.js (which plots series over a shared index axis).
//
// Everything here is drawing geometry: the data values come from the caller (the engine).

import { niceTicks } from './axes.js';
import { tick as fmtTick } from './format.js';

/** A scale from a domain to pixels; log scales need a positive domain. `invert` maps back. */
export function makeScale([d0, d1], [r0, r1], log = false) {
  if (log) {
    const l0 = Math.log10(d0);
    const l1 = Math.log10(d1);
    const k = (r1 - r0) / (l1 - l0 || 1);
    const f = (v) => r0 + (Math.log10(v) - l0) * k;
    f.invert = (p) => 10 ** (l0 + (p - r0) / k);
    f.log = true;
    return f;
  }
  const k = (r1 - r0) / (d1 - d0 || 1);
  const f = (v) => r0 + (v - d0) * k;
  f.invert = (p) => d0 + (p - r0) / k;
  f.log = false;
  return f;
}

/** Ticks for a log axis: the powers of ten inside [lo, hi] (thinned to at most `max`). */
export function logTicks(lo, hi, max = 8) {
  const a = Math.floor(Math.log10(lo));
  const b = Math.ceil(Math.log10(hi));
  let step = 1;
  while ((b - a) / step > max) step++;
  const out = [];
  for (let e = a; e <= b; e += step) {
    const v = 10 ** e;
    if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push(v);
  }
  if (out.length >= 2) return out;
  // a domain inside one decade (one ALiBi head's slope): 1, 2, 3, 5 steps, so the axis still has numbers
  const fine = [];
  for (let e = a; e <= b; e++)
    for (const m of [1, 2, 3, 5]) {
      const v = m * 10 ** e;
      if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) fine.push(v);
    }
  return fine.length > out.length ? fine : out;
}

/** Log tick label: 1e-6 → "10⁻⁶", 1000 → "1000", 1e5 → "10⁵". */
export function logTickLabel(v) {
  const e = Math.floor(Math.log10(v) + 1e-9);
  const m = Math.round(v / 10 ** e);
  if (e >= 0 && e <= 4) return String(m * 10 ** e);
  const sup = String(e).replace('-', '\u207b').replace(/\d/g, (d) => '\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079'[d]);
  return m === 1 ? `10${sup}` : `${m}·10${sup}`;
}

/** Ticks that should be 0 but carry the rounding of start + k·step (5.6e-17) become 0. */
function snapZero(ticks) {
  const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) : 1;
  return ticks.map((t) => (Math.abs(t) < step * 1e-6 ? 0 : t));
}

/** Finite [min, max] of several arrays (optionally only positive values, for log axes). */
export function extent(arrays, { positive = false } = {}) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const a of arrays) {
    for (let i = 0; i < a.length; i++) {
      const v = a[i];
      if (!Number.isFinite(v) || (positive && v <= 0)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  return lo <= hi ? [lo, hi] : [0, 1];
}

/**
 * Draws axes, bands, reference lines and series.
 * @param {CanvasRenderingContext2D} ctx
 * @param {object} o
 * @param {{x:number,y:number,w:number,h:number}} o.rect
 * @param {[number,number]} o.xDomain
 * @param {[number,number]} o.yDomain
 * @param {boolean} [o.xLog]
 * @param {boolean} [o.yLog]
 * @param {object} o.theme   themeColors()
 * @param {{x: ArrayLike<number>, y: ArrayLike<number>, color: string, width?: number, dash?: number[], step?: boolean, points?: boolean, radius?: number, line?: boolean, alpha?: number}[]} o.series
 * @param {{axis: 'x'|'y', value: number, color: string, label?: string, dash?: number[], align?: 'start'|'end'}[]} [o.lines]
 * @param {{from: number, to: number, color: string, label?: string}[]} [o.bands]   x ranges shaded
 * @param {string} [o.xLabel]
 * @param {string} [o.yLabel]
 * @param {(v:number) => string} [o.yRight]   a second label per y tick, drawn on the right (unit conversion)
 * @param {string} [o.yRightLabel]
 * @param {number[]} [o.xTicks]
 * @param {number[]} [o.yTicks]
 */
export function drawXYPlot(ctx, o) {
  const { rect, theme } = o;
  const { x, y, w, h } = rect;
  const sx = makeScale(o.xDomain, [x, x + w], o.xLog);
  const sy = makeScale(o.yDomain, [y + h, y], o.yLog);
  const font = theme.fontSmall;
  ctx.save();
  ctx.font = font;

  // bands first (under everything)
  for (const b of o.bands ?? []) {
    const x0 = Math.max(x, Math.min(x + w, sx(b.from)));
    const x1 = Math.max(x, Math.min(x + w, sx(b.to)));
    if (x1 - x0 < 0.5) continue;
    ctx.fillStyle = b.color;
    ctx.fillRect(x0, y, x1 - x0, h);
    if (b.label && x1 - x0 > ctx.measureText(b.label).width + 6) {
      ctx.fillStyle = theme.muted;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      ctx.fillText(b.label, (x0 + x1) / 2, y + 3);
    }
  }

  // grid and ticks
  const yTicks = o.yTicks ?? (o.yLog ? logTicks(o.yDomain[0], o.yDomain[1], Math.max(2, Math.floor(h / 26))) : snapZero(niceTicks(o.yDomain[0], o.yDomain[1], Math.max(2, Math.floor(h / 36)))));
  const xTicks = o.xTicks ?? (o.xLog ? logTicks(o.xDomain[0], o.xDomain[1], Math.max(2, Math.floor(w / 60))) : snapZero(niceTicks(o.xDomain[0], o.xDomain[1], Math.max(2, Math.floor(w / 70)), { integer: true })));
  ctx.lineWidth = 1;
  let yTickWidth = 0;  // the widest tick label: the axis title goes beyond it
  for (const t of yTicks) {
    const p = Math.round(sy(t)) + 0.5;
    if (p < y - 0.5 || p > y + h + 0.5) continue;
    ctx.strokeStyle = theme.grid;
    ctx.beginPath();
    ctx.moveTo(x, p);
    ctx.lineTo(x + w, p);
    ctx.stroke();
    ctx.fillStyle = theme.muted;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    const label = o.yLog ? logTickLabel(t) : fmtTick(t);
    yTickWidth = Math.max(yTickWidth, ctx.measureText(label).width);
    ctx.fillText(label, x - 5, p);
    if (o.yRight) {
      ctx.textAlign = 'left';
      ctx.fillText(o.yRight(t), x + w + 5, p);
    }
  }
  for (const t of xTicks) {
    const p = Math.round(sx(t)) + 0.5;
    if (p < x - 0.5 || p > x + w + 0.5) continue;
    ctx.strokeStyle = theme.grid;
    ctx.beginPath();
    ctx.moveTo(p, y);
    ctx.lineTo(p, y + h);
    ctx.stroke();
    ctx.fillStyle = theme.muted;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillText(o.xLog ? logTickLabel(t) : fmtTick(t), p, y + h + 4);
  }
  ctx.strokeStyle = theme.muted;
  ctx.strokeRect(Math.round(x) + 0.5, Math.round(y) + 0.5, Math.round(w), Math.round(h));

  drawSeries(ctx, { rect, sx, sy, series: o.series, xLog: o.xLog, yLog: o.yLog });

  // reference lines with labels
  for (const l of o.lines ?? []) {
    ctx.strokeStyle = l.color;
    ctx.fillStyle = l.color;
    ctx.lineWidth = l.width ?? 1.25;
    ctx.setLineDash(l.dash ?? [5, 4]);
    ctx.beginPath();
    if (l.axis === 'x') {
      const p = Math.round(sx(l.value)) + 0.5;
      if (p < x - 0.5 || p > x + w + 0.5) continue;
      ctx.moveTo(p, y);
      ctx.lineTo(p, y + h);
      ctx.stroke();
      if (l.label) {
        const tw = ctx.measureText(l.label).width;
        const right = p + 4 + tw < x + w;
        ctx.textAlign = right ? 'left' : 'right';
        ctx.textBaseline = l.align === 'end' ? 'bottom' : 'top';
        ctx.fillText(l.label, right ? p + 4 : p - 4, l.align === 'end' ? y + h - 3 : y + 14);
      }
    } else {
      const p = Math.round(sy(l.value)) + 0.5;
      if (p < y - 0.5 || p > y + h + 0.5) continue;
      ctx.moveTo(x, p);
      ctx.lineTo(x + w, p);
      ctx.stroke();
      if (l.label) {
        ctx.textAlign = l.align === 'start' ? 'left' : 'right';
        ctx.textBaseline = 'bottom';
        ctx.fillText(l.label, l.align === 'start' ? x + 4 : x + w - 4, p - 2);
      }
    }
  }
  ctx.setLineDash([]);

  // axis titles
  ctx.fillStyle = theme.muted;
  if (o.xLabel) {
    ctx.textAlign = 'right';
    ctx.textBaseline = 'top';
    ctx.fillText(o.xLabel, x + w, y + h + 18);
  }
  if (o.yLabel) {
    ctx.save();
    ctx.translate(x - (o.yLabelOffset ?? Math.max(40, yTickWidth + 14)), y + h / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(o.yLabel, 0, 0);
    ctx.restore();
  }
  if (o.yRightLabel) {
    ctx.save();
    ctx.translate(x + w + (o.yRightOffset ?? 50), y + h / 2);
    ctx.rotate(Math.PI / 2);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(o.yRightLabel, 0, 0);
    ctx.restore();
  }
  ctx.restore();
  return { sx, sy };
}

/** Draws a vertical cursor line with a dot on each given y value. */
export function drawCursor(ctx, { sx, sy }, rect, xValue, points, color) {
  const p = Math.round(sx(xValue)) + 0.5;
  if (p < rect.x || p > rect.x + rect.w) return;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 1;
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.moveTo(p, rect.y);
  ctx.lineTo(p, rect.y + rect.h);
  ctx.stroke();
  ctx.setLineDash([]);
  for (const { y: v, color: c } of points) {
    if (!Number.isFinite(v)) continue;
    const Y = sy(v);
    if (Y < rect.y - 1 || Y > rect.y + rect.h + 1) continue;
    ctx.fillStyle = c ?? color;
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(p, Y, 4, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
}

/** An arrow from (x0, y0) to (x1, y1) with a filled head. */
export function drawArrow(ctx, x0, y0, x1, y1, { color, width = 2, head = 9, dash } = {}) {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = Math.hypot(dx, dy);
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash ?? []);
  if (len < 1) {
    ctx.beginPath();
    ctx.arc(x0, y0, width, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
    return;
  }
  const ux = dx / len;
  const uy = dy / len;
  const hl = Math.min(head, len * 0.6);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1 - ux * hl * 0.8, y1 - uy * hl * 0.8);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - ux * hl - uy * hl * 0.45, y1 - uy * hl + ux * hl * 0.45);
  ctx.lineTo(x1 - ux * hl + uy * hl * 0.45, y1 - uy * hl - ux * hl * 0.45);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/**
 * The series of a plot (clipped to `rect`, through the scales `sx`, `sy` that drawXYPlot returned): what
 * drawXYPlot draws between its grid and its reference lines, for a caller that draws more series over a plot
 * it drew before (or over a picture of one).
 */
export function drawSeries(ctx, { rect, sx, sy, series, xLog = false, yLog = false }) {
  const { x, y, w, h } = rect;
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  for (const s of series) {
    const n = Math.min(s.x.length, s.y.length);
    if (!n) continue;
    ctx.globalAlpha = s.alpha ?? 1;
    ctx.strokeStyle = s.color;
    ctx.lineWidth = s.width ?? 1.75;
    ctx.setLineDash(s.dash ?? []);
    ctx.lineJoin = 'round';
    ctx.beginPath();
    let pen = false;
    let prevY = 0;
    for (let i = 0; i < n; i++) {
      const vx = s.x[i];
      const vy = s.y[i];
      if (!Number.isFinite(vx) || !Number.isFinite(vy) || (yLog && vy <= 0) || (xLog && vx <= 0)) {
        pen = false;
        continue;
      }
      const X = sx(vx);
      const Y = sy(vy);
      if (!pen) ctx.moveTo(X, Y);
      else if (s.step) {
        ctx.lineTo(X, prevY);
        ctx.lineTo(X, Y);
      } else ctx.lineTo(X, Y);
      pen = true;
      prevY = Y;
    }
    if (s.line !== false) ctx.stroke();
    if (s.points) {
      ctx.setLineDash([]);
      ctx.fillStyle = s.color;
      for (let i = 0; i < n; i++) {
        const vx = s.x[i];
        const vy = s.y[i];
        if (!Number.isFinite(vx) || !Number.isFinite(vy) || (yLog && vy <= 0)) continue;
        ctx.beginPath();
        ctx.arc(sx(vx), sy(vy), s.radius ?? 2.5, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  }
  ctx.globalAlpha = 1;
  ctx.setLineDash([]);
  ctx.restore();

}
