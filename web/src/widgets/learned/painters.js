// <posenc-learned>'s canvases: the two tables (their rasters drawn by the element, progressively) with the
// end of the learned table, the rows past it and the looked-up position, and the looked-up rows as bars.
// `host` is the widget (its theme colours, translations, pixel ratio and compact layout).

import { clearCanvas, wrapText } from '../../render/canvas.js';
import { drawRaster, drawMatrixAxes, drawMatrixLegend } from '../../render/matrix-view.js';
import { drawBars } from '../../render/bars.js';
import { hatch } from '../../render/cells.js';

/** The value range of a table's colours: ±3 std for the learned one, ±1 for the sinusoidal one. */
export const rangeOf = (which, std) => (which === 'learned' ? 3 * std : 1);

/**
 * One table (`which`: learned or sinusoidal) from its raster `image` in the layout `geom`: the rows past the
 * learned table hatched, the end of the table on both, the row `pos` marked, the outline when `focused`.
 */
export function paintMatrix(host, canvas, which, { geom, image, rows, maxLength, pos, std, endText, noRowsText, focused }) {
  const t = host.theme$();
  const ctx = clearCanvas(canvas, geom.width, geom.height, host.ratio);
  drawRaster(ctx, geom, image, host.ratio);
  drawMatrixAxes(ctx, geom, t, { colTitle: host.t('learned.axisColumns'), rowTitle: host.t('learned.axisRows') });
  const { rect } = geom;
  const yEnd = rect.y + maxLength * geom.cellH;
  if (which === 'learned') {
    const gone = { x: rect.x, y: yEnd, w: rect.w, h: rect.y + rect.h - yEnd };
    ctx.fillStyle = t.bg;
    ctx.fillRect(gone.x, gone.y, gone.w, gone.h);
    hatch(ctx, gone, t.muted, 7);
    ctx.font = t.fontBold;
    ctx.fillStyle = t.fg;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const tw = ctx.measureText(noRowsText).width + 12;
    // centred in the hatched rows, unless the looked-up position's line runs there: then in the larger
    // part beside it
    const bottom = gone.y + gone.h;
    const marker = pos >= maxLength && pos < rows ? rect.y + (pos + 0.5) * geom.cellH : null;
    let cy = gone.y + gone.h / 2;
    if (marker != null && Math.abs(marker - cy) < 12) cy = marker - gone.y > bottom - marker ? (gone.y + marker) / 2 : (marker + bottom) / 2;
    if (gone.h > 14) {
      ctx.fillStyle = t.bg;
      ctx.fillRect(rect.x + rect.w / 2 - tw / 2, cy - 9, tw, 18);
      ctx.fillStyle = t.fg;
      ctx.fillText(noRowsText, rect.x + rect.w / 2, cy);
    }
  }
  // the end of the training table, on both panels
  ctx.strokeStyle = t.selectB;
  ctx.lineWidth = 2;
  ctx.setLineDash([6, 3]);
  ctx.beginPath();
  ctx.moveTo(rect.x - 4, Math.round(yEnd) + 0.5);
  ctx.lineTo(rect.x + rect.w + 4, Math.round(yEnd) + 0.5);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.font = t.fontBold;
  const lw = ctx.measureText(endText).width + 8;
  let ly = Math.max(rect.y + 16, Math.round(yEnd) - 2);
  // the looked-up position's line must not strike the label through (position 500 of 512 lies a few
  // pixels above the end line): the label goes below the end line, or else above the position's line
  const lookY = pos < rows ? rect.y + (pos + 0.5) * geom.cellH : null;
  const crosses = (bottom) => lookY != null && lookY > bottom - 18 && lookY < bottom + 3;
  if (crosses(ly)) {
    const below = Math.round(yEnd) + 17;
    ly = below <= rect.y + rect.h && !crosses(below) ? below : Math.max(rect.y + 16, Math.floor(lookY) - 5);
  }
  ctx.fillStyle = t.bg;
  ctx.fillRect(rect.x + rect.w - lw, ly - 15, lw, 15);
  ctx.fillStyle = t.selectB;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.fillText(endText, rect.x + rect.w - 4, ly - 1);
  // the looked-up position (or the one a tap read)
  if (pos < rows) {
    const y = rect.y + (pos + 0.5) * geom.cellH;
    ctx.save();
    // the arrowhead sits just inside the plot, pointing right: left of the plot are the row tick labels
    // (the position's own label among them), which it must not cover; a thin outline in the background
    // colour keeps it visible on any cell colour, and the line drawn over it joins the two
    ctx.fillStyle = t.selectA;
    ctx.strokeStyle = t.bg;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(rect.x + 11, y);
    ctx.lineTo(rect.x + 1, y - 6);
    ctx.lineTo(rect.x + 1, y + 6);
    ctx.closePath();
    ctx.stroke();
    ctx.fill();
    ctx.strokeStyle = t.selectA;
    ctx.lineWidth = Math.max(2, Math.min(geom.cellH, 4));
    ctx.beginPath();
    ctx.moveTo(rect.x, y);
    ctx.lineTo(rect.x + rect.w, y);
    ctx.stroke();
    ctx.restore();
  }
  const range = rangeOf(which, std);
  drawMatrixLegend(ctx, geom, t, { scheme: 'RdBu', vmin: -range, vmax: range, caption: host.t(which === 'learned' ? 'learned.legendLearned' : 'learned.legend') });
  if (focused) {
    ctx.strokeStyle = t.cursor;
    ctx.setLineDash([2, 2]);
    ctx.strokeRect(rect.x - 1.5, rect.y - 1.5, rect.w + 3, rect.h + 3);
    ctx.setLineDash([]);
  }
}

/** The looked-up rows as bars, learned above sinusoidal; a failed lookup as a hatched box that says so. */
export function paintLookup(host, canvas, { look: l, dModel, std, width: w }) {
  const t = host.theme$();
  const rowH = host.compact ? 36 : 46;
  // the caption under the bars, wrapped when the widget is narrow (the canvas grows by the extra lines)
  const measure = canvas.getContext('2d');
  measure.font = t.fontSmall;
  const caption = wrapText(measure, host.t('learned.barsCaption', { last: dModel - 1 }), w - 6);
  const h = rowH * 2 + 24 + (caption.length - 1) * 13;
  const ctx = clearCanvas(canvas, w, h, host.ratio);
  ctx.font = t.fontBold;
  const left = Math.max(110, ctx.measureText(`sinusoidal[${l.position}]`).width + 12);
  const draw = (values, y, name, range, color) => {
    ctx.font = t.fontBold;
    ctx.fillStyle = color;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(name, 2, y + rowH / 2);
    const rect = { x: left, y, w: w - left - 4, h: rowH };
    if (values) {
      drawBars(ctx, { rect, values, range, pos: color, neg: color, axis: t.muted });
    } else {
      ctx.fillStyle = t.surface;
      ctx.fillRect(rect.x, rect.y, rect.w, rect.h);
      hatch(ctx, rect, t.muted, 7);
      ctx.fillStyle = t.fg;
      ctx.font = t.fontBold;
      ctx.textAlign = 'center';
      // wrapped onto two lines when the box is narrow (a phone, or a longer language)
      const lines = wrapText(ctx, host.t('learned.lookupFailed'), rect.w - 8, 2);
      lines.forEach((line, i) => ctx.fillText(line, rect.x + rect.w / 2, y + rowH / 2 + (i - (lines.length - 1) / 2) * 15));
    }
  };
  draw(l.learned, 4, `learned[${l.position}]`, 3 * std, t.selectA);
  draw(l.sinusoidal, rowH + 12, `sinusoidal[${l.position}]`, 1, t.accent);
  ctx.font = t.fontSmall;
  ctx.fillStyle = t.muted;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  caption.forEach((line, i) => ctx.fillText(line, w - 4, h - (caption.length - 1 - i) * 13));
}
