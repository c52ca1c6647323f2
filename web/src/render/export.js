// Export helpers: CSV text, PNG blobs, downloads, clipboard with a fallback for denied permissions.

import { plain } from './format.js';

/** Quotes a CSV field when needed (RFC 4180). Token text is data, so it is quoted, never interpreted. */
export function csvField(v) {
  if (typeof v === 'number') return plain(v);
  let s = String(v ?? '');
  // text that a spreadsheet would run as a formula gets a leading apostrophe (CSV injection)
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r']/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRow(fields) {
  return fields.map(csvField).join(',');
}

/**
 * The numbers of a CSV's first block (up to its first blank line) as a float64 table, for the .npy export of
 * a widget that has no single tensor to give: its numeric columns, { data, shape: [rows, columns], columns };
 * else, for a table laid out by rows (a label, then values), its numeric rows, { data, shape, rows }; else null.
 */
export function csvTable(text) {
  const lines = String(text ?? '').split('\n');
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === '');
  const [head, ...rows] = lines.slice(0, end < 0 ? lines.length : end).map(splitCsvLine);
  if (!head || !rows.length) return null;
  const value = (cell) => (/^-?(\d|Infinity|\.\d)/.test(cell ?? '') ? Number(cell) : NaN);
  const numeric = (cells) => cells.length > 0 && cells.every((c) => !Number.isNaN(value(c)));
  const keep = head.map((_, c) => numeric(rows.map((r) => r[c])));
  if (keep.some(Boolean)) {
    const data = Float64Array.from(rows.flatMap((r) => r.filter((_, c) => keep[c]).map(value)));
    return { data, shape: [rows.length, keep.filter(Boolean).length], columns: head.filter((_, c) => keep[c]) };
  }
  const byRow = rows.filter((r) => numeric(r.slice(1)) && r.length === head.length);
  if (!byRow.length) return null;
  return { data: Float64Array.from(byRow.flatMap((r) => r.slice(1).map(value))), shape: [byRow.length, head.length - 1], rows: byRow.map((r) => r[0]) };
}

/** One CSV line's fields, quotes removed (RFC 4180 quoting, as csvField writes it). */
function splitCsvLine(line) {
  const fields = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (let m; (m = re.exec(line)) && m[0] !== '';) {
    fields.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
    if (!m[2]) break;
  }
  return fields;
}

/** CSV of a row-major matrix with a header row and a leading label column. */
export function matrixCsv({ rows, cols, get, corner, colLabel, rowLabel }) {
  const out = [csvRow([corner, ...Array.from({ length: cols }, (_, c) => colLabel(c))])];
  for (let r = 0; r < rows; r++) {
    const line = [rowLabel(r)];
    for (let c = 0; c < cols; c++) line.push(get(r, c));
    out.push(csvRow(line));
  }
  return out.join('\n') + '\n';
}

/**
 * The canvas as a PNG blob. toBlob encodes in idle time, and Chromium has been seen (headless, under test
 * load) never to call back; after `fallbackMs` the picture is encoded synchronously instead, so an export
 * always completes.
 */
export function canvasToBlob(canvas, { fallbackMs = 2000 } = {}) {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (blob) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (blob) resolve(blob);
      else reject(new Error('canvas.toBlob failed'));
    };
    const timer = setTimeout(() => settle(dataUrlBlob(canvas.toDataURL('image/png'))), fallbackMs);
    canvas.toBlob(settle, 'image/png');
  });
}

function dataUrlBlob(url) {
  const [header, data] = url.split(',');
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: header.slice(5).split(';')[0] });
}

/** Triggers a download of `blob` as `filename` (an <a download> click; no network involved). */
export function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Copies text; returns true on success. Falls back to a hidden textarea + execCommand. */
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* permission denied: try the fallback */
  }
  try {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.append(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  } catch {
    return false;
  }
}

/** A blank canvas of `width` × `height` device pixels filled with `bg`, and its 2D context. */
function blankCanvas(width, height, bg) {
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const ctx = out.getContext('2d');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, width, height);
  return { out, ctx };
}

/** `font` with its pixel size multiplied by k ("14px x" at k 2: "28px x"). */
const scaleFont = (font, k) => font.replace(/(\d+(?:\.\d+)?)px/, (_, n) => `${Number(n) * k}px`);

/**
 * Composes a PNG-ready canvas: a title line, then each part stacked (drawn at its backing-store resolution so
 * the export is as sharp as the screen), on the theme background. A part is a canvas, or `{ canvas, caption }`
 * to print a line naming it above (a picture must be readable without the page around it).
 */
export function composeCanvas(parts, { title, bg = '#fff', fg = '#111', font = '14px system-ui, sans-serif', ratio = 1 }) {
  const items = parts.map((p) => (p instanceof HTMLCanvasElement ? { canvas: p } : p));
  const pad = Math.round(12 * ratio);
  const lineH = Math.round(22 * ratio);
  const titleH = title ? lineH : 0;
  const width = Math.max(...items.map((p) => p.canvas.width), 200) + pad * 2;
  const height = items.reduce((s, p) => s + p.canvas.height + pad + (p.caption ? lineH : 0), pad + titleH);
  const { out, ctx } = blankCanvas(width, height, bg);
  ctx.fillStyle = fg;
  ctx.textBaseline = 'top';
  const scaled = scaleFont(font, ratio);
  let y = pad;
  if (title) {
    ctx.font = scaled;
    ctx.fillText(title, pad, y);
    y += titleH;
  }
  for (const { canvas, caption } of items) {
    if (caption) {
      ctx.font = scaleFont(scaled, 0.9);
      ctx.fillText(caption, pad, y);
      y += lineH;
    }
    ctx.drawImage(canvas, pad, y);
    y += canvas.height + pad;
  }
  return out;
}

/** Canvases side by side, each under its caption, as one canvas (small multiples for a PNG export). */
export function sideBySide(items, { ratio = 1, fg = '#111', bg = '#fff', font = '13px system-ui, sans-serif' } = {}) {
  const gap = Math.round(14 * ratio), lineH = Math.round(20 * ratio);
  const width = items.reduce((s, it) => s + it.canvas.width, 0) + gap * Math.max(0, items.length - 1);
  const height = lineH + Math.max(...items.map((it) => it.canvas.height));
  const { out, ctx } = blankCanvas(width, height, bg);
  ctx.fillStyle = fg;
  ctx.font = scaleFont(font, ratio);
  ctx.textBaseline = 'top';
  let x = 0;
  for (const { canvas, caption } of items) {
    ctx.fillText(caption ?? '', x, 0, canvas.width);
    ctx.drawImage(canvas, x, lineH);
    x += canvas.width + gap;
  }
  return out;
}

/** A new W × H (CSS pixels) canvas at `ratio`, filled with `bg`, its context set for lines of `font` text. */
function textSheet(W, H, { ratio, bg, font }) {
  const { out, ctx } = blankCanvas(Math.ceil(W * ratio), Math.ceil(H * ratio), bg);
  ctx.scale(ratio, ratio);
  ctx.font = font;
  ctx.textBaseline = 'middle';
  return { out, ctx };
}

/** A legend as a canvas: one coloured swatch (a dashed one for `dashed`) and label per item. */
export function legendCanvas(items, { ratio = 1, fg = '#111', bg = '#fff', font = '13px system-ui, sans-serif' } = {}) {
  const probe = document.createElement('canvas').getContext('2d');
  probe.font = font;
  const rowH = 20, swatch = 22;
  const W = Math.max(...items.map((it) => probe.measureText(it.label).width), 40) + swatch + 24;
  const { out, ctx } = textSheet(W, rowH * items.length, { ratio, bg, font });
  items.forEach((it, i) => {
    const y = i * rowH + rowH / 2;
    ctx.strokeStyle = it.color;
    ctx.lineWidth = 2.5;
    ctx.setLineDash(it.dashed ? [5, 3] : []);
    ctx.beginPath();
    ctx.moveTo(4, y);
    ctx.lineTo(4 + swatch, y);
    ctx.stroke();
    ctx.fillStyle = fg;
    ctx.fillText(it.label, swatch + 12, y);
  });
  return out;
}

/**
 * Draws a small table of text (header row + body) onto a new canvas; used for the PNG export of widgets
 * whose picture is mostly text (comparison numbers, property checks).
 */
export function tableCanvas(rows, { ratio = 1, fg = '#111', bg = '#fff', grid = '#ccc', font = '13px system-ui, sans-serif', header = true } = {}) {
  const probe = document.createElement('canvas').getContext('2d');
  probe.font = font;
  const cols = Math.max(...rows.map((r) => r.length));
  const widths = Array.from({ length: cols }, (_, c) => Math.max(...rows.map((r) => probe.measureText(String(r[c] ?? '')).width)) + 16);
  const rowH = 22;
  const W = widths.reduce((a, b) => a + b, 0);
  const { out, ctx } = textSheet(W, rowH * rows.length, { ratio, bg, font });
  rows.forEach((r, i) => {
    let x = 0;
    ctx.font = header && i === 0 ? `bold ${font}` : font;
    r.forEach((cell, c) => {
      ctx.fillStyle = fg;
      ctx.fillText(String(cell ?? ''), x + 8, i * rowH + rowH / 2);
      x += widths[c];
    });
    ctx.strokeStyle = grid;
    ctx.beginPath();
    ctx.moveTo(0, (i + 1) * rowH - 0.5);
    ctx.lineTo(W, (i + 1) * rowH - 0.5);
    ctx.stroke();
  });
  return out;
}
