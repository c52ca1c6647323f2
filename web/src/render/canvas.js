// Canvas helpers: devicePixelRatio-aware sizing (sharp on high-DPI screens) and theme colours read from
// the widget's CSS custom properties.

/** Current device pixel ratio, capped at 3 (beyond that the extra pixels cost time and show nothing). */
export function pixelRatio() {
  const r = typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1;
  return Math.min(3, Math.max(1, r));
}

/**
 * Sizes `canvas` to cssWidth × cssHeight CSS pixels with a backing store of the device pixel size and
 * returns a 2D context whose user space is in CSS pixels. Only touches width/height when they change
 * (changing them clears the canvas and is slow).
 */
export function fitCanvas(canvas, cssWidth, cssHeight, ratio = pixelRatio()) {
  const w = Math.max(1, Math.round(cssWidth * ratio));
  const h = Math.max(1, Math.round(cssHeight * ratio));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const sw = `${cssWidth}px`;
  const sh = `${cssHeight}px`;
  if (canvas.style.width !== sw) canvas.style.width = sw;
  if (canvas.style.height !== sh) canvas.style.height = sh;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(w / cssWidth, 0, 0, h / cssHeight, 0, 0);
  return { ctx, ratio: w / cssWidth, width: cssWidth, height: cssHeight };
}

/** fitCanvas, then clears the whole canvas: how every repaint starts. Returns the 2D context. */
export function clearCanvas(canvas, cssWidth, cssHeight, ratio = pixelRatio()) {
  const { ctx } = fitCanvas(canvas, cssWidth, cssHeight, ratio);
  ctx.clearRect(0, 0, cssWidth, cssHeight);
  return ctx;
}

/** Theme colours resolved from the host's custom properties (see widgets/README.md for the names). */
export function themeColors(host) {
  const cs = getComputedStyle(host);
  const get = (name, fallback) => cs.getPropertyValue(name).trim() || fallback;
  return {
    fg: get('--_fg', '#1b1f24'),
    bg: get('--_bg', '#ffffff'),
    muted: get('--_muted', '#5b6470'),
    grid: get('--_grid', 'rgba(0,0,0,0.12)'),
    accent: get('--_accent', '#2f6fde'),
    selectA: get('--_select-a', '#e8590c'),
    selectB: get('--_select-b', '#7048e8'),
    cursor: get('--_cursor', '#111111'),
    font: `12px ${get('--_font', 'system-ui, sans-serif')}`,
    // 11 px, or 12 px on a phone (styles.js sets --_canvas-small there)
    fontSmall: `${get('--_canvas-small', '11px')} ${get('--_font', 'system-ui, sans-serif')}`,
    // the smallest text size in CSS px: 0 on a desktop, 12 on a phone (styles.js, --_min-text)
    minText: parseFloat(get('--_min-text', '0')) || 0,
    fontBold: `600 12px ${get('--_font', 'system-ui, sans-serif')}`,
    surface: get('--_surface', '#f4f6f8'),
    border: get('--_border', '#d0d7de'),
    pos: get('--_bar-pos', '#2166ac'),
    neg: get('--_bar-neg', '#b2182b'),
  };
}

/**
 * Resolves in a new task (lets the browser handle input and paint before long work continues). With
 * `keepPlace`, where the browser has scheduler.yield (Chromium 129), the rest runs before the tasks queued
 * meanwhile, as it would have run without the yield: for splitting work nobody waits to see painted first.
 */
export function yieldTask({ keepPlace = false } = {}) {
  if (keepPlace && typeof globalThis.scheduler?.yield === 'function') return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Next animation frame as a promise (falls back to a timeout when the page is hidden). */
export function nextFrame() {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    requestAnimationFrame(finish);
    setTimeout(finish, 50); // hidden tabs do not run rAF; keep progressive jobs moving
  });
}

/**
 * Splits `text` into lines no wider than `maxWidth` CSS pixels in the context's current font, breaking
 * between words. At most `maxLines` lines: the last one then ends in "…", as does a single word wider than
 * the whole width. Returns the lines (one line, unchanged, when the text fits).
 */
export function wrapText(ctx, text, maxWidth, maxLines = Infinity) {
  const width = (s) => ctx.measureText(s).width;
  const limit = Math.max(0, maxWidth);
  if (width(text) <= limit) return [text];
  const shorten = (s) => {
    if (width(s) <= limit) return s;
    let t = s;
    while (t.length > 1 && width(`${t}…`) > limit) t = t.slice(0, -1);
    return `${t.trimEnd()}…`;
  };
  const lines = [];
  let line = '';
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (!line || width(next) <= limit) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = shorten(`${kept[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`);
    return kept.map(shorten);
  }
  return lines.map(shorten);
}

/**
 * Draws a caption at (x, y) with the context's textAlign, never wider than `maxWidth`: wrapped onto more
 * lines (see wrapText) when it does not fit on one. With textBaseline 'bottom' or 'alphabetic' the lines
 * stack upwards so the last one ends at y; otherwise they go down from y. Returns the number of lines.
 */
export function fillTextFitted(ctx, text, x, y, maxWidth, { lineHeight = 14, maxLines = Infinity } = {}) {
  const lines = wrapText(ctx, text, maxWidth, maxLines);
  const up = ctx.textBaseline === 'bottom' || ctx.textBaseline === 'alphabetic' || ctx.textBaseline === 'ideographic';
  const y0 = up ? y - (lines.length - 1) * lineHeight : y;
  lines.forEach((line, i) => ctx.fillText(line, x, y0 + i * lineHeight));
  return lines.length;
}

/**
 * Where pointer event `e` falls on `el` (default: the listening element), in `el`'s own CSS pixels — the
 * units canvases are drawn in. Client coordinates are in the page's pixels, which differ under a CSS
 * transform (reveal.js scales every slide) or zoom; the rendered box over the layout box undoes that.
 */
export function pointerIn(e, el = e.currentTarget) {
  const r = el.getBoundingClientRect();
  const sx = el.offsetWidth > 0 && r.width > 0 ? r.width / el.offsetWidth : 1;
  const sy = el.offsetHeight > 0 && r.height > 0 ? r.height / el.offsetHeight : 1;
  return { x: (e.clientX - r.left) / sx, y: (e.clientY - r.top) / sy };
}
