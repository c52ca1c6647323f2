// Axis ticks and labels drawn on canvas.

import { tick as fmtTick } from './format.js';

/** "Nice" tick values covering [lo, hi] with about `count` ticks (1, 2, 5 × 10^k steps). */
export function niceTicks(lo, hi, count = 5, { integer = false } = {}) {
  if (!(hi > lo)) return [lo];
  const span = hi - lo;
  let step = 10 ** Math.floor(Math.log10(span / Math.max(1, count)));
  const err = (count * step) / span;
  if (err <= 0.15) step *= 10;
  else if (err <= 0.35) step *= 5;
  else if (err <= 0.75) step *= 2;
  if (integer) step = Math.max(1, Math.round(step));
  const start = Math.ceil(lo / step) * step;
  const out = [];
  for (let v = start; v <= hi + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

/**
 * Integer index ticks for a band axis of `n` cells spread over `pixels` CSS pixels: a nice step so that
 * labels are at least `minGap` pixels apart. Cell i stands for the number `offset + i`: the ticks fall
 * where that number is a multiple of the step, and cell 0 (the first number shown) is labelled too when
 * it has room. With offset 0 that is 0, step, 2·step, …
 */
export function indexTicks(n, pixels, minGap = 28, offset = 0) {
  if (n <= 0) return [];
  const maxLabels = Math.max(1, Math.floor(pixels / minGap));
  if (n <= maxLabels) return Array.from({ length: n }, (_, i) => i);
  const raw = n / maxLabels;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
  const off = Number.isFinite(offset) ? Math.round(offset) : 0;
  const first = ((-off % step) + step) % step;
  const out = [];
  if (first > 0 && (first * pixels) / n >= minGap) out.push(0);
  for (let v = first; v < n; v += step) out.push(v);
  return out;
}

/**
 * Draws tick labels for a band axis. side: 'left' | 'top' | 'bottom'. `pos(i)` gives the centre of
 * cell i in CSS pixels along the axis; `format(i)` the label text of cell i (default: i itself).
 */
export function drawBandAxis(ctx, { side, ticks, pos, at, color, font, label, labelPos, format = fmtTick }) {
  ctx.save();
  ctx.fillStyle = color;
  ctx.strokeStyle = color;
  ctx.font = font;
  ctx.lineWidth = 1;
  for (const t of ticks) {
    const p = pos(t);
    const text = format(t);
    if (side === 'left') {
      ctx.textAlign = 'right';
      ctx.textBaseline = 'middle';
      ctx.fillText(text, at - 5, p);
      ctx.beginPath();
      ctx.moveTo(at - 3, p);
      ctx.lineTo(at, p);
      ctx.stroke();
    } else if (side === 'top') {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      ctx.fillText(text, p, at - 4);
    } else {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      ctx.fillText(text, p, at + 5);
      ctx.beginPath();
      ctx.moveTo(p, at);
      ctx.lineTo(p, at + 3);
      ctx.stroke();
    }
  }
  if (label && labelPos) {
    ctx.textAlign = labelPos.align ?? 'center';
    ctx.textBaseline = labelPos.baseline ?? 'middle';
    if (labelPos.rotate) {
      ctx.translate(labelPos.x, labelPos.y);
      ctx.rotate(labelPos.rotate);
      ctx.fillText(label, 0, 0);
    } else {
      ctx.fillText(label, labelPos.x, labelPos.y);
    }
  }
  ctx.restore();
}

/** Draws a linear value axis (ticks from niceTicks) with optional grid lines across the plot. */
export function drawValueAxis(ctx, { side, ticks, scale, at, from, to, color, gridColor, font }) {
  ctx.save();
  ctx.font = font;
  ctx.lineWidth = 1;
  for (const t of ticks) {
    const p = Math.round(scale(t)) + 0.5;
    if (gridColor) {
      ctx.strokeStyle = gridColor;
      ctx.beginPath();
      if (side === 'left') {
        ctx.moveTo(from, p);
        ctx.lineTo(to, p);
      } else {
        ctx.moveTo(p, from);
        ctx.lineTo(p, to);
      }
      ctx.stroke();
    }
    ctx.fillStyle = color;
    if (side === 'left') {
      ctx.textAlign = 'right';
      ctx.textBaseline = 'middle';
      ctx.fillText(fmtTick(t), at - 5, p);
    } else {
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      ctx.fillText(fmtTick(t), p, at + 4);
    }
  }
  ctx.restore();
}
