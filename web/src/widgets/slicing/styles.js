// <posenc-slicing>'s own styles: the step tabs and panel, the coloured columns, the value and shape tables.
import { css } from 'lit';

export const slicingStyles = css`
      [role='tablist'] {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin: 4px 0 8px;
      }
      [role='tab'][aria-selected='true'] {
        background: var(--_accent);
        color: var(--_accent-fg);
        border-color: var(--_accent);
      }
      .panel {
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        padding: 10px;
      }
      .panel h4 {
        margin: 0 0 6px;
      }
      pre.code {
        font-family: var(--_mono);
        background: var(--_surface);
        padding: 6px 10px;
        border-radius: calc(var(--_radius) * 0.6);
        overflow-x: auto;
        margin: 6px 0;
        font-size: max(var(--_min-text), 0.9em);
      }
      .dims {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin: 6px 0;
      }
      .dim {
        min-width: 34px;
        padding: 6px 4px;
        text-align: center;
        border-radius: 6px;
        border: 2px solid var(--_border);
        font-family: var(--_mono);
      }
      .dim.sin {
        border-color: var(--_accent);
      }
      .dim.cos {
        border-color: var(--_muted);
        border-style: dashed;
      }
      .groups {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
        gap: 8px;
      }
      .group {
        background: var(--_surface);
        border-radius: var(--_radius);
        padding: 8px;
      }
      .shape {
        font-family: var(--_mono);
        white-space: nowrap;
      }
      table.values th.sin {
        border-top: 3px solid var(--_accent);
      }
      table.values th.cos {
        border-top: 3px dashed var(--_muted);
      }
      .batches {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
        gap: 12px;
      }
      .batch {
        display: flex;
        flex-direction: column;
        align-items: flex-start;
        gap: 2px;
        min-width: 0;
        max-width: 100%;
      }
      .batch .op {
        padding-left: 12px;
        line-height: 1;
      }
      table.values {
        font-size: max(var(--_min-text), 0.78em);
      }
      table.values th,
      table.values td {
        padding: 2px 5px;
      }
      table.shapes {
        border-collapse: collapse;
        font-family: var(--_mono);
        margin: 6px 0;
      }
      table.shapes td,
      table.shapes th {
        padding: 2px 10px;
        text-align: center;
        border-bottom: 1px solid var(--_border);
      }
      table.shapes th[scope='row'] {
        text-align: left;
        font-weight: normal;
      }
      @media (max-width: 480px) {
        table.shapes {
          font-size: max(var(--_min-text), 0.85em);
        }
        table.shapes td,
        table.shapes th {
          padding: 2px 4px;
        }
      }
      .stack {
        display: flex;
        flex-wrap: wrap;
        gap: 10px;
        align-items: center;
      }
      .op {
        font-size: 1.4em;
        font-weight: 600;
        color: var(--_muted);
      }
      .cap {
        font-size: max(var(--_min-text), 0.85em);
        color: var(--_muted);
        margin: 2px 0;
      }
      table.shapes td.bad {
        color: var(--_bad);
        font-weight: 600;
      }
      .nav {
        display: flex;
        gap: 6px;
        margin-top: 8px;
        align-items: center;
      }
    `;
