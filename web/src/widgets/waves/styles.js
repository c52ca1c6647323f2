// <posenc-waves>'s own styles: the legend (a table of curves, or a list in the dimension view) and the controls.
import { css } from 'lit';

export const wavesStyles = css`
      .fg {
        color: var(--_fg);
      }
      table.waves-legend {
        border-collapse: collapse;
        margin-top: 8px;
        font-size: max(var(--_min-text), 0.9em);
        min-width: 100%;
      }
      table.waves-legend th,
      table.waves-legend td {
        text-align: left;
        padding: 2px 8px 2px 0;
        font-weight: normal;
      }
      table.waves-legend thead th {
        color: var(--_muted);
        font-size: max(var(--_min-text), 0.9em);
        border-bottom: 1px solid var(--_border);
      }
      table.waves-legend .num {
        text-align: right;
        font-family: var(--_mono);
        white-space: nowrap;
      }
      table.waves-legend .swatch {
        display: inline-block;
        vertical-align: middle;
      }
      .legend {
        list-style: none;
        padding: 0;
        margin: 8px 0 0;
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
        gap: 2px 12px;
        font-size: max(var(--_min-text), 0.9em);
      }
      /* compact: the list that stands in for the table, until Notes opens the table */
      .frame.notes-open .legend.brief {
        display: none;
      }
      .legend li {
        display: flex;
        align-items: center;
        gap: 6px;
      }
      .swatch {
        flex: none;
        width: 22px;
        height: 0;
        border-top: 3px solid currentColor;
      }
      .swatch.dashed {
        border-top-style: dashed;
      }
      .legend .val {
        font-family: var(--_mono);
        margin-left: auto;
      }
      input[type='range'] {
        flex: 1 1 160px;
        min-width: 120px;
      }
      .slider {
        flex: 1 1 240px;
        display: flex;
        align-items: center;
        gap: 8px;
      }
      input.dims {
        width: 12em;
      }
    `;
