// The styles every posenc widget shares: the frame (colours as custom properties, the light palette and
// the dark one, fonts, the reset of inherited text settings), controls, readouts, errors, scrolling tables,
// and the compact layout's rules (compact.js). Widgets add their own rules after `baseStyles`.

import { css, unsafeCSS } from 'lit';
import { compactStyles } from './compact.js';

/** The dark theme's colours: for theme="dark", and for theme="auto" on a dark page (see pageScheme). */
const darkPalette = css`
  --_fg: var(--posenc-fg, #e6edf3);
  --_bg: var(--posenc-bg, #0d1117);
  --_surface: var(--posenc-surface, #161b22);
  --_muted: var(--posenc-muted, #9da7b3);
  --_border: var(--posenc-border, #3d444d);
  --_grid: var(--posenc-grid, rgba(230, 237, 243, 0.14));
  --_accent: var(--posenc-accent, #4493f8);
  --_accent-fg: var(--posenc-accent-fg, #0d1117);
  --_focus: var(--posenc-focus, #79b8ff);
  --_select-a: var(--posenc-select-a, #fb923c);
  --_select-b: var(--posenc-select-b, #a78bfa);
  --_cursor: var(--posenc-cursor, #ffffff);
  --_bar-pos: var(--posenc-bar-positive, #67a9cf);
  --_bar-neg: var(--posenc-bar-negative, #ef8a62);
  --_ok: var(--posenc-ok, #3fb950);
  --_bad: var(--posenc-bad, #f85149);
`;

/**
 * The two picked token chips (first pick in the A colour, second in the B colour), for widgets whose
 * token strips mark the picks with different attributes; `first` and `second` are constant selectors.
 */
export function pickedChipStyles(first, second) {
  const [a, b] = [unsafeCSS(first), unsafeCSS(second)];
  return css`
    ${a} {
      background: var(--_select-a);
      border-color: var(--_select-a);
      color: var(--_bg);
    }
    ${b} {
      background: var(--_select-b);
      border-color: var(--_select-b);
      color: var(--_bg);
    }
    ${a} .idx,
    ${b} .idx {
      opacity: 1;
    }
  `;
}

const coreStyles = css`
  /* The host carries only what places it in the page. Its frame (border, padding, colours, fonts) is drawn
     by .frame inside the shadow root, where no page reset (Tailwind's preflight, normalize) can strip it. */
  :host {
    display: block;
    box-sizing: border-box;
    min-width: 0;
    max-width: 100%;
    contain: layout;
  }
  .frame {
    --_fg: var(--posenc-fg, #1b1f24);
    --_bg: var(--posenc-bg, #ffffff);
    --_surface: var(--posenc-surface, #f3f5f8);
    --_muted: var(--posenc-muted, #555f6b);
    --_border: var(--posenc-border, #c9d1d9);
    --_grid: var(--posenc-grid, rgba(27, 31, 36, 0.13));
    --_accent: var(--posenc-accent, #0a58ca);
    --_accent-fg: var(--posenc-accent-fg, #ffffff);
    --_focus: var(--posenc-focus, #0a58ca);
    --_select-a: var(--posenc-select-a, #c2410c);
    --_select-b: var(--posenc-select-b, #6d28d9);
    --_cursor: var(--posenc-cursor, #111111);
    --_bar-pos: var(--posenc-bar-positive, #2166ac);
    --_bar-neg: var(--posenc-bar-negative, #b2182b);
    --_ok: var(--posenc-ok, #1a7f37);
    --_bad: var(--posenc-bad, #cf222e);
    --_radius: var(--posenc-radius, 8px);
    /* the smallest text size: none on a desktop; 12 px on a phone (below). Every font size under 1em is
       written max(var(--_min-text), …em). */
    --_min-text: 0px;
    --_font: var(--posenc-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_mono: var(--posenc-font-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    /* native controls (checkboxes, sliders, scrollbars) follow the widget's theme, not the page's */
    color-scheme: light;
    position: relative;
    color: var(--_fg);
    background: var(--_bg);
    font-family: var(--_font);
    font-size: var(--posenc-font-size, 14px);
    /* inherited text settings of the host page (reveal.js centres slide text, some pages justify or
       space letters) are reset: the widget lays out its own text */
    font-style: normal;
    font-weight: normal;
    line-height: 1.45;
    letter-spacing: normal;
    word-spacing: normal;
    text-align: start;
    text-indent: 0;
    text-transform: none;
    text-shadow: none;
    white-space: normal;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--posenc-padding, 12px);
  }
  .frame.dark {
    color-scheme: dark;
    ${darkPalette}
  }
  /* on paper the widget is light (print.js draws its canvases so), whatever colours a dark page gave it */
  @media print {
    .frame,
    .frame.dark {
      --_fg: #1b1f24;
      --_bg: #ffffff;
      --_surface: #f3f5f8;
      --_muted: #555f6b;
      --_border: #c9d1d9;
      --_grid: rgba(27, 31, 36, 0.13);
    }
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 4px 12px;
    margin-bottom: 8px;
  }
  .title {
    font-weight: 600;
    font-size: 1.02em;
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
  }
  button,
  select,
  input,
  textarea {
    font: inherit;
    color: inherit;
  }
  button {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.6);
    padding: 4px 10px;
    min-height: 32px;
    cursor: pointer;
  }
  button:hover {
    border-color: var(--_accent);
  }
  button[aria-pressed='true'],
  button.primary {
    background: var(--_accent);
    color: var(--_accent-fg);
    border-color: var(--_accent);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar button {
    font-size: max(var(--_min-text), 0.86em);
    min-height: 28px;
    padding: 2px 8px;
  }
  select,
  input[type='number'],
  input[type='text'] {
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.6);
    padding: 3px 6px;
    min-height: 30px;
  }
  input[type='range'] {
    accent-color: var(--_accent);
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .plot:focus-visible {
    outline-offset: 0;
  }
  .controls {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 14px;
    margin: 8px 0;
  }
  .controls label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  .readout {
    font-family: var(--_mono);
    font-size: max(var(--_min-text), 0.92em);
    min-height: 1.5em;
    margin: 6px 0 0;
    overflow-wrap: anywhere;
  }
  .muted {
    color: var(--_muted);
  }
  .note {
    color: var(--_muted);
    font-size: max(var(--_min-text), 0.9em);
    margin: 6px 0 0;
  }
  .error {
    color: var(--_bad);
    border: 1px solid var(--_bad);
    border-radius: calc(var(--_radius) * 0.6);
    padding: 6px 10px;
    margin: 6px 0;
    overflow-wrap: anywhere;
  }
  .embed,
  .embed-frame {
    margin: 6px 0;
  }
  .embed textarea,
  .embed-frame textarea {
    width: 100%;
    font-family: var(--_mono);
    font-size: max(var(--_min-text), 0.85em);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.6);
    padding: 6px;
    resize: vertical;
  }
  .status:empty {
    margin: 0;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  /* no touch-action: a swipe that starts on a plot scrolls the page and a pinch zooms it (tap-controller.js) */
  .plot {
    display: block;
    max-width: 100%;
  }
  /* instructions for the input the reader has (forInput in tap-controller.js) */
  .for-coarse {
    display: none;
  }
  @media (pointer: coarse) {
    .for-fine {
      display: none;
    }
    .for-coarse {
      display: inline;
    }
  }
  /* the Select button under a value a tap read, and the slot that keeps its line on a touch screen */
  button.select-read,
  .select-slot {
    display: block;
    box-sizing: border-box;
    min-height: 28px;
    margin: 4px 0 0;
    padding: 2px 10px;
  }
  .select-slot {
    display: none;
  }
  @media (pointer: coarse) {
    .select-slot {
      display: block;
    }
  }
  canvas {
    display: block;
  }
  .scroll {
    overflow: auto;
    max-width: 100%;
  }
  /* a table wider than its column fades out at the side that has more (set by FrameController.markScrollers) */
  .scroll.more-right {
    -webkit-mask-image: linear-gradient(to right, #000 calc(100% - 2.5em), transparent);
    mask-image: linear-gradient(to right, #000 calc(100% - 2.5em), transparent);
  }
  .scroll.more-left {
    -webkit-mask-image: linear-gradient(to left, #000 calc(100% - 2.5em), transparent);
    mask-image: linear-gradient(to left, #000 calc(100% - 2.5em), transparent);
  }
  .scroll.more-left.more-right {
    -webkit-mask-image: linear-gradient(to right, transparent, #000 2.5em, #000 calc(100% - 2.5em), transparent);
    mask-image: linear-gradient(to right, transparent, #000 2.5em, #000 calc(100% - 2.5em), transparent);
  }
  table.values {
    border-collapse: collapse;
    font-family: var(--_mono);
    font-size: max(var(--_min-text), 0.82em);
  }
  table.values th,
  table.values td {
    border: 1px solid var(--_border);
    padding: 2px 6px;
    text-align: right;
    white-space: nowrap;
  }
  table.values th {
    background: var(--_surface);
    position: sticky;
    top: 0;
  }
  @media (max-width: 480px) {
    table.values th,
    table.values td {
      padding: 2px 2px;
    }
  }
  /* on a phone no text is smaller than 12 px (canvas labels: --_canvas-small, read by themeColors) */
  @media (max-width: 480px), (pointer: coarse) {
    .frame {
      --_min-text: 12px;
      --_canvas-small: 12px;
    }
    sub,
    sup,
    small {
      font-size: max(var(--_min-text), 0.83em);
    }
    /* targets at least 24 px (WCAG 2.5.8) */
    .controls label,
    summary,
    input[type='range'] {
      min-height: 24px;
    }
    button {
      min-width: 24px;
    }
  }
  details > summary {
    cursor: pointer;
    margin-top: 6px;
    color: var(--_muted);
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      transition: none !important;
      animation: none !important;
    }
  }
`;

/** Every widget's shared styles (Lit flattens the array in `static styles`). */
export const baseStyles = [coreStyles, compactStyles];
