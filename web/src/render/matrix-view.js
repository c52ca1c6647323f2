// Geometry and drawing of a matrix plot (heatmap of rows × columns) with axes, a colour legend and
// overlays (selected rows/cells, keyboard/hover cursor). Shared by the PE heatmap, the similarity matrix
// and the small previews inside other widgets.

import { indexTicks, drawBandAxis } from './axes.js';
import { drawLegend } from './color.js';
import { tick as fmtTick } from './format.js';

/**
 * Computes the layout: plot rectangle in CSS pixels, cell sizes and the pixel <-> cell mapping.
 * @param {object} o
 * @param {number} o.width   total CSS width available
 * @param {number} o.rows
 * @param {number} o.cols
 * @param {number} [o.maxHeight]  plot height cap
 * @param {boolean} [o.square]   cells square (similarity matrix)
 * @param {number} [o.top]  space above the plot (axis labels, marker strip)
 * @param {number} [o.legend] height reserved below for the legend (0 = none)
 */
export function matrixLayout({ width, rows, cols, maxHeight = 420, minHeight = 120, square = false, top = 34, left = 46, legend }) {
  // narrow widgets put the legend's caption and keys on a line of their own
  if (legend == null) legend = width < 540 ? 66 : 44;
  const right = 10;
  const plotW = Math.max(40, width - left - right);
  let plotH;
  if (square) {
    plotH = Math.min(plotW, maxHeight);
  } else {
    const cell = Math.max(3, Math.min(24, plotW / cols));
    plotH = Math.round(Math.min(maxHeight, Math.max(minHeight, rows * cell)));
  }
  const w = square ? plotH : plotW;
  const rect = { x: left, y: top, w, h: plotH };
  const height = top + plotH + legend + 6;
  return {
    rect,
    width,
    height,
    cellW: w / cols,
    cellH: plotH / rows,
    rows,
    cols,
    /** cell under a CSS-pixel point, or null */
    cellAt(px, py) {
      if (px < rect.x || py < rect.y || px >= rect.x + rect.w || py >= rect.y + rect.h) return null;
      const col = Math.min(cols - 1, Math.floor(((px - rect.x) / rect.w) * cols));
      const row = Math.min(rows - 1, Math.floor(((py - rect.y) / rect.h) * rows));
      return { row, col };
    },
    colX: (c) => rect.x + (c + 0.5) * (w / cols),
    rowY: (r) => rect.y + (r + 0.5) * (plotH / rows),
  };
}

/** Draws the raster image into the plot rectangle; crisp (no smoothing) when the image is upscaled. */
export function drawRaster(ctx, layout, image, ratio = 1) {
  const { rect } = layout;
  ctx.save();
  // the raster is either one pixel per cell (upscaled: keep cells crisp) or already at device resolution
  // (box-averaged: a 1:1 copy); smoothing would only blur
  ctx.imageSmoothingEnabled = image.width > rect.w * ratio * 1.01 || image.height > rect.h * ratio * 1.01;
  ctx.drawImage(image, rect.x, rect.y, rect.w, rect.h);
  ctx.restore();
}

/**
 * Axes: column indices on top, row indices on the left, with labels. Row r is labelled `rowOffset + r`
 * (a table that starts at position 5 labels its first row 5), or `rowLabel(r)` when given; ticks fall on
 * round labels. Columns likewise with `colOffset`.
 */
export function drawMatrixAxes(ctx, layout, theme, { colTitle, rowTitle, rowOffset = 0, colOffset = 0, rowLabel }) {
  const { rect, rows, cols } = layout;
  const colTicks = indexTicks(cols, rect.w, 30, colOffset);
  const rowTicks = indexTicks(rows, rect.h, 18, rowOffset);
  ctx.save();
  ctx.font = theme.fontSmall;
  ctx.fillStyle = theme.muted;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  for (const c of colTicks) ctx.fillText(fmtTick(c + colOffset), layout.colX(c), rect.y - 11);
  ctx.restore();
  drawBandAxis(ctx, {
    side: 'left',
    ticks: rowTicks,
    pos: (r) => layout.rowY(r),
    at: rect.x,
    color: theme.muted,
    font: theme.fontSmall,
    format: rowLabel ?? ((r) => fmtTick(r + rowOffset)),
  });
  ctx.save();
  ctx.fillStyle = theme.muted;
  ctx.font = theme.fontSmall;
  ctx.translate(10, rect.y + rect.h / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(rowTitle, 0, 0);
  ctx.restore();
  ctx.save();
  ctx.fillStyle = theme.muted;
  ctx.font = theme.fontSmall;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText(colTitle, 2, 2);
  ctx.restore();
}

/**
 * Outlines rows (selection) across the whole plot width, with an A/B tag at the right edge; tags of rows
 * closer than a tag's height sit side by side instead of on top of each other.
 */
export function drawRowMarks(ctx, layout, marks, font = 'bold 10px system-ui, sans-serif') {
  const { rect } = layout;
  const placed = [];
  ctx.save();
  for (const { row, color, tag } of marks) {
    if (row < 0 || row >= layout.rows) continue;
    const y0 = rect.y + row * layout.cellH;
    const h = Math.max(2, layout.cellH);
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ctx.strokeRect(rect.x + 1, y0 + (h > 4 ? 1 : 0), rect.w - 2, h > 4 ? h - 2 : h);
    if (tag) {
      const cy = Math.max(rect.y + 8, Math.min(rect.y + rect.h - 8, y0 + h / 2));
      let cx = rect.x + rect.w - 9;
      while (placed.some((p) => Math.abs(p.x - cx) < 17 && Math.abs(p.y - cy) < 17)) cx -= 18;
      placed.push({ x: cx, y: cy });
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.arc(cx, cy, 8, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#fff';
      ctx.font = font;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(tag, cx, cy + 0.5);
    }
  }
  ctx.restore();
}

/** Outlines one cell (the cursor), with a double stroke that is visible on any colour. */
export function drawCellCursor(ctx, layout, { row, col }, color = '#000') {
  const { rect } = layout;
  const x = rect.x + col * layout.cellW;
  const y = rect.y + row * layout.cellH;
  const w = Math.max(3, layout.cellW);
  const h = Math.max(3, layout.cellH);
  ctx.save();
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.strokeRect(x - 1.5, y - 1.5, w + 3, h + 3);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = color;
  ctx.strokeRect(x - 1.5, y - 1.5, w + 3, h + 3);
  ctx.restore();
}

/** Crosshair lines through a row and a column (linked hover from another widget). */
export function drawCrosshair(ctx, layout, { row, col }, color) {
  const { rect } = layout;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.globalAlpha = 0.7;
  ctx.setLineDash([4, 3]);
  ctx.lineWidth = 1;
  if (row != null && row >= 0 && row < layout.rows) {
    const y = Math.round(layout.rowY(row)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(rect.x, y);
    ctx.lineTo(rect.x + rect.w, y);
    ctx.stroke();
  }
  if (col != null && col >= 0 && col < layout.cols) {
    const x = Math.round(layout.colX(col)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(x, rect.y);
    ctx.lineTo(x, rect.y + rect.h);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * Colour legend under the plot: gradient from vmin to vmax with tick labels, plus an optional caption
 * and extra key items (e.g. the sin/cos swatches) drawn to its right.
 */
export function drawMatrixLegend(ctx, layout, theme, { scheme, vmin, vmax, caption, keys = [] }) {
  const { rect } = layout;
  const y = rect.y + rect.h + 12;
  const w = Math.min(220, Math.max(90, rect.w * 0.45));
  const x = rect.x;
  drawLegend(ctx, scheme, x, y, w, 10);
  ctx.save();
  ctx.strokeStyle = theme.muted;
  ctx.lineWidth = 1;  // a hairline whatever the caller drew last
  ctx.strokeRect(x + 0.5, y + 0.5, w - 1, 9);
  ctx.fillStyle = theme.muted;
  ctx.font = theme.fontSmall;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.fillText(fmtTick(vmin), x, y + 13);
  ctx.textAlign = 'center';
  if (vmin < 0 && vmax > 0) ctx.fillText('0', x + (w * (0 - vmin)) / (vmax - vmin), y + 13);
  ctx.textAlign = 'right';
  ctx.fillText(fmtTick(vmax), x + w, y + 13);
  // caption and keys: to the right of the gradient when they fit, else on their own line below
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const items = [];
  if (caption) items.push({ label: caption, width: ctx.measureText(caption).width });
  for (const k of keys) items.push({ ...k, width: 14 + ctx.measureText(k.label).width });
  const total = items.reduce((s, it) => s + it.width + 14, 0);
  let kx = x + w + 14;
  let ky = y + 5;
  if (kx + total > layout.width - 4) {
    kx = x;
    ky = y + 34;
  }
  for (const it of items) {
    if (kx + it.width > layout.width - 2 && kx > x) {
      kx = x;
      ky += 15;
    }
    if (it.color) {
      ctx.fillStyle = it.color;
      ctx.fillRect(kx, ky - 5, 10, 10);
      ctx.fillStyle = theme.muted;
      ctx.fillText(it.label, kx + 14, ky);
    } else {
      ctx.fillStyle = theme.muted;
      ctx.fillText(it.label, kx, ky);
    }
    kx += it.width + 14;
  }
  ctx.restore();
  return ky + 8 - (rect.y + rect.h);
}
