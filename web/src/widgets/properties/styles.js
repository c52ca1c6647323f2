// <posenc-properties>'s own styles: the four checks (two by two in the compact layout), their badges, and the
// rotation check's matrix and vectors.
import { css } from 'lit';

export const propertiesStyles = css`
      .checks {
        list-style: none;
        padding: 0;
        margin: 8px 0;
        display: grid;
        gap: 8px;
      }
      /* compact: the four checks two by two (one column when narrow) */
      :host([compact]) .checks {
        grid-template-columns: repeat(auto-fit, minmax(min(100%, max(24em, calc(50% - 4px))), 1fr));
        align-items: start;
      }
      .check {
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        padding: 8px 10px;
      }
      .check h4 {
        margin: 0 0 4px;
        display: flex;
        gap: 8px;
        align-items: baseline;
        flex-wrap: wrap;
      }
      .badge {
        font-size: max(var(--_min-text), 0.8em);
        font-weight: 700;
        padding: 1px 8px;
        border-radius: 10px;
        color: var(--_bg);
        background: var(--_ok);
      }
      .badge.fail {
        background: var(--_bad);
      }
      .mono {
        font-family: var(--_mono);
        overflow-wrap: anywhere;
      }
      input[type='number'] {
        width: 6em;
      }
      .matrix {
        display: inline-grid;
        grid-template-columns: auto auto;
        gap: 0 12px;
        border-left: 2px solid var(--_fg);
        border-right: 2px solid var(--_fg);
        padding: 0 6px;
        font-family: var(--_mono);
        vertical-align: middle;
      }
      .eq {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 6px;
        margin: 6px 0;
        font-family: var(--_mono);
      }
      .vec {
        display: inline-grid;
        border-left: 2px solid var(--_fg);
        border-right: 2px solid var(--_fg);
        padding: 0 6px;
      }
    `;
