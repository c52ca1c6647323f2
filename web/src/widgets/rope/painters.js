// Canvas painters of <posenc-rope>: paintCircle, paintPairing and paintDecay(host, canvas, view) size the canvas
// and draw what the element computed (`view`); `host` gives the theme, the translator, the pixel ratio and the
// layout. The drawing itself is in pure functions of a 2-D context (circle, pairing, decay).

import { clearCanvas, wrapText } from '../../render/canvas.js';
import { drawXYPlot, drawCursor, drawArrow, extent } from '../../render/xyplot.js';

const TITLE_LINE = 16;

/**
 * Where the circle puts things on a `size` px square: the centre (cx, cy), the radius R of the longest vector,
 * the scale k (pixels per unit) and P(v), the canvas point of a 2-D vector.
 */
export function circleGeometry(size, s) {
  const cx = size / 2;
  const cy = size / 2 + 4;
  // the radius follows the longest of the drawn vectors (rotation keeps lengths: the engine shows it)
  const len = (v) => Math.hypot(v[0], v[1]);
  const maxLen = Math.max(len(s.q0), len(s.k0), len(s.qPair), len(s.kPair), 1e-9);
  const R = size / 2 - 34;
  const k = R / maxLen;
  return { cx, cy, R, k, P: (v) => [cx + v[0] * k, cy - v[1] * k] };
}

/**
 * One channel pair of the query and the key as arrows: at position 0 (dashed) and rotated to m and n, with
 * the trails of the last positions and the angle between them. `s` is the element's per-(m, n, pair) state.
 */
function circle(ctx, size, s, t, focused, tr) {
  const { cx, cy, R, k, P } = circleGeometry(size, s);
  const len = (v) => Math.hypot(v[0], v[1]);
  ctx.strokeStyle = t.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(cx - R - 10, cy);
  ctx.lineTo(cx + R + 10, cy);
  ctx.moveTo(cx, cy - R - 10);
  ctx.lineTo(cx, cy + R + 10);
  ctx.stroke();
  for (const v of [s.q0, s.k0]) {
    ctx.beginPath();
    ctx.arc(cx, cy, len(v) * k, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.font = t.fontSmall;
  ctx.fillStyle = t.muted;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  const horizontal = tr('rope.horizontal', { channel: s.channels[0] });
  const vertical = tr('rope.vertical', { channel: s.channels[1] });
  ctx.fillText(horizontal, size - 4, size - 16);
  ctx.fillText(vertical, size - 4, size - 2);
  const verticalWidth = ctx.measureText(vertical).width;
  // trails: the last positions each vector passed through
  const dots = (pts, color) => {
    ctx.fillStyle = color;
    pts.forEach((p, i) => {
      ctx.globalAlpha = 0.15 + (0.5 * (i + 1)) / pts.length;
      const [x, y] = P(p);
      ctx.beginPath();
      ctx.arc(x, y, 2.2, 0, Math.PI * 2);
      ctx.fill();
    });
    ctx.globalAlpha = 1;
  };
  dots(s.kTrail, t.selectB);
  dots(s.qTrail, t.selectA);
  // the angle between the two drawn vectors (drawing only)
  const aq = Math.atan2(s.qPair[1], s.qPair[0]);
  const ak = Math.atan2(s.kPair[1], s.kPair[0]);
  let delta = aq - ak;
  while (delta > Math.PI) delta -= 2 * Math.PI;
  while (delta < -Math.PI) delta += 2 * Math.PI;
  ctx.strokeStyle = t.muted;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(cx, cy, R * 0.28, -ak, -(ak + delta), delta > 0);
  ctx.stroke();
  // position-0 vectors dashed, rotated vectors solid
  drawArrow(ctx, cx, cy, ...P(s.k0), { color: t.selectB, width: 1.25, dash: [4, 3], head: 7 });
  drawArrow(ctx, cx, cy, ...P(s.q0), { color: t.selectA, width: 1.25, dash: [4, 3], head: 7 });
  drawArrow(ctx, cx, cy, ...P(s.kPair), { color: t.selectB, width: 2.5 });
  drawArrow(ctx, cx, cy, ...P(s.qPair), { color: t.selectA, width: 2.5 });
  const tag = (v, text, color) => {
    const [x, y] = P(v);
    const dx = x - cx;
    const dy = y - cy;
    const l = Math.hypot(dx, dy) || 1;
    ctx.font = t.fontBold;
    ctx.fillStyle = color;
    ctx.textBaseline = 'middle';
    // beside the arrow head, kept inside the canvas
    const tw = ctx.measureText(text).width;
    let tx = x + (dx / l) * 8;
    if (dx < 0) tx -= tw;
    tx = Math.max(2, Math.min(size - tw - 2, tx));
    const ty = Math.max(8, Math.min(size - 24, y + (dy / l) * 10));
    ctx.textAlign = 'left';
    ctx.fillText(text, tx, ty);
  };
  tag(s.qPair, tr('rope.qAt', { m: s.m }), t.selectA);
  tag(s.kPair, tr('rope.kAt', { n: s.n }), t.selectB);
  ctx.font = t.fontSmall;
  ctx.fillStyle = t.muted;
  ctx.textAlign = 'left';
  // bottom left, on the line of the vertical axis's name; in the top left corner when a language's words leave no room
  const legend = tr('rope.circleLegend', { pair: s.pair });
  const fits = 4 + ctx.measureText(legend).width + 10 <= size - 4 - verticalWidth;
  ctx.textBaseline = fits ? 'bottom' : 'top';
  ctx.fillText(legend, 4, fits ? size - 2 : 2);
  if (focused) {
    ctx.strokeStyle = t.cursor;
    ctx.lineWidth = 1;
    ctx.setLineDash([2, 2]);
    ctx.strokeRect(1.5, 1.5, size - 3, size - 3);
    ctx.setLineDash([]);
  }
}

/** The channel strip: `d` cells across `w` pixels, with room above for the arcs. */
export function pairingGeometry(w, d, compact = false) {
  const left = 8;
  // (on a slide, lower arcs: the column under the circle is the widget's tallest)
  const top = compact ? 62 : 78;
  return { w, d, left, cell: (w - 2 * left) / d, top, h: top + 54 };
}

/** The channels as a strip with an arc joining the two channels of each pair; pair `sel` in the accent colour. */
function pairing(ctx, g, st, sel, t, tr) {
  const boxH = 16;
  // arcs above the channel strip, one per pair; the chosen pair drawn last and bold
  const order = st.pairs.map((p, i) => i).sort((a, b) => (a === sel) - (b === sel));
  for (const i of order) {
    const [a, b] = st.pairs[i];
    const xa = g.left + (a + 0.5) * g.cell;
    const xb = g.left + (b + 0.5) * g.cell;
    const rise = Math.min(g.top - 10, 8 + (xb - xa) * 0.45);
    ctx.strokeStyle = i === sel ? t.accent : t.grid;
    ctx.lineWidth = i === sel ? 2.5 : 1;
    ctx.beginPath();
    ctx.moveTo(xa, g.top);
    ctx.bezierCurveTo(xa, g.top - rise, xb, g.top - rise, xb, g.top);
    ctx.stroke();
  }
  for (let j = 0; j < g.d; j++) {
    const x = g.left + j * g.cell;
    ctx.fillStyle = st.pairOf[j] === sel ? t.accent : t.surface;
    ctx.fillRect(x + (g.cell > 4 ? 0.5 : 0), g.top, Math.max(0.5, g.cell - (g.cell > 4 ? 1 : 0)), boxH);
    if (g.cell > 4) {
      ctx.strokeStyle = t.border;
      ctx.strokeRect(x + 0.5, g.top + 0.5, g.cell - 1, boxH - 1);
    }
  }
  ctx.font = t.fontSmall;
  ctx.textBaseline = 'top';
  const [a, b] = st.pairs[sel];
  ctx.fillStyle = t.accent;
  ctx.textAlign = 'center';
  for (const c of [a, b]) ctx.fillText(String(c), Math.max(10, Math.min(g.w - 10, g.left + (c + 0.5) * g.cell)), g.top + boxH + 3);
  ctx.fillStyle = t.muted;
  ctx.textAlign = 'left';
  ctx.fillText(tr('rope.channel', { channel: 0 }), g.left, g.top + boxH + 18);
  ctx.textAlign = 'right';
  ctx.fillText(tr('rope.channel', { channel: g.d - 1 }), g.w - g.left, g.top + boxH + 18);
}

/**
 * Plot rectangles and the titles above them, wrapped to the width (a phone column takes two lines); on a
 * slide's narrow column (compact) the plots are shorter and the titles take the axis margin too.
 */
function decayGeometry(measure, t, w, compact, tr) {
  const x = 56;
  measure.font = t.fontBold;
  const titleX = compact ? 4 : x;
  const title1 = wrapText(measure, tr('rope.boundTitle'), w - titleX - 4);
  const title2 = wrapText(measure, tr('rope.curveTitle'), w - titleX - 4);
  const h = compact ? 76 : 96;
  const rect1 = { x, y: 6 + title1.length * TITLE_LINE, w: Math.max(120, w - x - 14), h };
  const rect2 = { x, y: rect1.y + rect1.h + 24 + title2.length * TITLE_LINE, w: rect1.w, h };
  return { w, h: rect2.y + rect2.h + 36, rect1, rect2, title1, title2, titleX };
}

/**
 * RoFormer's bound on |q·k| (or `pending`, the reason it is not drawn yet) above the score q·k of this query
 * and key, both against m − n from −R to R, with the cursor at `gap`.
 */
function decayPlots(ctx, g, t, { decay, bound, gap, pending }, tr) {
  const R = decay.R;
  const titles = (lines, y) => {
    ctx.font = t.fontBold;
    ctx.fillStyle = t.fg;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    lines.forEach((line, i) => ctx.fillText(line, g.titleX, y + i * TITLE_LINE));
  };
  titles(g.title1, 2);
  if (bound) {
    const [, b1] = extent([bound]);
    const s1 = drawXYPlot(ctx, {
      rect: g.rect1,
      xDomain: [-R, R],
      yDomain: [0, b1 * 1.05 || 1],
      theme: t,
      series: [{ x: decay.x, y: bound, color: t.accent }],
      lines: [{ axis: 'x', value: 0, color: t.muted, dash: [2, 3] }],
    });
    if (Math.abs(gap) <= R) drawCursor(ctx, s1, g.rect1, gap, [{ y: bound[gap + R], color: t.accent }], t.cursor);
  } else {
    ctx.font = t.fontSmall;
    ctx.fillStyle = t.muted;
    ctx.fillText(pending, g.rect1.x, g.rect1.y + 10);
  }
  titles(g.title2, g.rect2.y - 2 - g.title2.length * TITLE_LINE);
  const [q0, q1] = extent([decay.qk]);
  const pad = (q1 - q0) * 0.06 || 1;
  const s2 = drawXYPlot(ctx, {
    rect: g.rect2,
    xDomain: [-R, R],
    yDomain: [q0 - pad, q1 + pad],
    theme: t,
    series: [{ x: decay.x, y: decay.qk, color: t.selectA, width: 1.25 }],
    lines: [{ axis: 'y', value: 0, color: t.muted, dash: [2, 3] }],
    xLabel: tr('rope.axisRelative'),
  });
  if (Math.abs(gap) <= R) drawCursor(ctx, s2, g.rect2, gap, [{ y: decay.qk[gap + R], color: t.selectA }], t.cursor);
}

/** The host's translator for the drawing functions. */
const trOf = (host) => (key, params) => host.t(key, params);

/**
 * The side of the circle's square: on a slide (compact) its column (`width`) and a share of the widget's width
 * (a 16:9 slide's height follows its width), else the frame's width, within limits.
 */
export const circleSize = (host, width) =>
  host.compact ? Math.max(180, Math.min(300, width, host.compactHeight(0.22, 180, 300))) : Math.max(220, Math.min(340, host.contentWidth));

/** The circle of `view.state` (or an empty square) on `canvas`, `view.size` px; `view.focused` frames it. */
export function paintCircle(host, canvas, { state, size, focused }) {
  const ctx = clearCanvas(canvas, size, size, host.ratio);
  if (state) circle(ctx, size, state, host.theme$(), focused, trOf(host));
}

/** The channel strip of `view.st` with `view.pair` picked, `view.width` wide (pairingGeometry). */
export function paintPairing(host, canvas, { st, pair, width }) {
  const g = pairingGeometry(width, host.headDim, host.compact);
  const ctx = clearCanvas(canvas, g.w, g.h, host.ratio);
  if (st && pair != null) pairing(ctx, g, st, pair, host.theme$(), trOf(host));
}

let measure = null;

/** The bound above the q·k curve (`view`: decay, bound, gap, pending), `view.width` wide; empty without a curve. */
export function paintDecay(host, canvas, { width, ...view }) {
  const t = host.theme$();
  const tr = trOf(host);
  measure ??= document.createElement('canvas').getContext('2d');
  const g = decayGeometry(measure, t, width, host.compact, tr);
  const ctx = clearCanvas(canvas, g.w, g.h, host.ratio);
  if (view.decay && view.gap != null) decayPlots(ctx, g, t, view, tr);
}
