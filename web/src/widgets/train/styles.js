// The styles of <posenc-train> beyond the shared ones: its buttons, plots, the example's tokens (right and
// wrong marked), the results table, the race's method list and legend, and the attention grid.
import { css } from 'lit';

// What changes while a race runs (the progress line, the plots, the table) is laid out (and, where nothing may
// spill out, painted) on its own: a tick of the progress line does not lay out or repaint the rest of a tall
// widget (measured on a phone-sized race at CPU x4: paint 1.95 s -> 0.38 s). The plots' panes keep their paint
// open: a focused canvas's ring is drawn outside it. (Comments here, not in the css literal, which ships as is.)

export const trainStyles = css`
  /* phone widths: a long option (a model size in Spanish) shrinks its select instead of leaving the frame */
  .controls label {
    max-width: 100%;
  }
  .controls select {
    min-width: 0;
    max-width: 100%;
  }
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 6px 0;
  }
  .buttons button {
    min-height: 32px;
  }
  .progress {
    font-variant-numeric: tabular-nums;
  }
  .progress,
  .table-wrap {
    contain: layout paint;
  }
  .pane {
    contain: layout;
  }
  canvas.plot {
    display: block;
    max-width: 100%;
    touch-action: pan-y;
  }
  .tokens {
    display: flex;
    flex-wrap: wrap;
    gap: 2px;
    padding: 0;
    margin: 4px 0;
    list-style: none;
    font-family: var(--_mono);
    font-size: 0.85em;
  }
  .tokens li {
    min-width: 1.6em;
    text-align: center;
    border: 1px solid var(--_border);
    border-radius: 3px;
    padding: 1px 2px;
  }
  .tokens li.right {
    border-color: var(--_ok, #1a7f37);
    background: color-mix(in srgb, var(--_ok, #1a7f37) 18%, transparent);
  }
  .tokens li.wrong {
    border-color: var(--_bad, #cf222e);
    background: color-mix(in srgb, var(--_bad, #cf222e) 22%, transparent);
    text-decoration: line-through;
  }
  .tokens li.prompt {
    color: var(--_muted);
  }
  table.results {
    border-collapse: collapse;
    font-size: 0.85em;
    font-variant-numeric: tabular-nums;
  }
  table.results th,
  table.results td {
    border: 1px solid var(--_border);
    padding: 2px 6px;
    text-align: right;
  }
  table.results th[scope='row'] {
    text-align: left;
  }
  table.results td {
    white-space: nowrap;
    vertical-align: top;
  }
  /* the mean over seeds, and under it the lowest and highest seed (in the cell: phones show no tooltips) */
  table.results td .mean,
  table.results td .range {
    display: block;
  }
  table.results td .range {
    font-size: 0.8em;
    color: var(--_muted);
  }
  /* a long method name wraps rather than widening the table past a phone's width */
  table.results th[scope='row'] {
    white-space: normal;
    min-width: 6em;
    max-width: 11em;
  }
  table.results tr.unfit th,
  table.results td.faded {
    color: var(--_muted);
  }
  table.results .unfit-note {
    display: block;
    font-size: 0.8em;
    font-weight: 400;
  }
  table.results tr.baseline th,
  table.results tr.baseline td {
    font-style: italic;
    color: var(--_muted);
  }
  .table-wrap {
    overflow-x: auto;
    max-width: 100%;
  }
  .metric {
    margin: 6px 0 2px;
  }
  .current-key {
    background: color-mix(in srgb, var(--_accent) 10%, transparent);
    padding: 0 2px;
  }
  @media (max-width: 480px) {
    table.results th,
    table.results td {
      padding: 2px 3px;
    }
  }
  /* compact (slides): the loss and the accuracy side by side, shorter plots */
  :host([compact]) .race-methods {
    margin: 2px 0;
    padding: 2px 8px;
  }
  /* a method's colour: a box drawn by CSS (a glyph such as ■ would send the browser looking through its
     fonts for one the first time a legend appears, a long task on machines with many fonts) */
  .swatch {
    display: inline-block;
    width: 0.75em;
    height: 0.75em;
    border-radius: 2px;
    vertical-align: baseline;
  }
  .legend .key {
    white-space: nowrap;
    margin-right: 8px;
  }
  .panel-title .method {
  font-weight: 600;
  }
  table.results tr.current th[scope='row'] {
  font-weight: 700;
  }
  table.results tr.current td {
  background: color-mix(in srgb, var(--_accent) 10%, transparent);
  }
`;
