// <posenc-permutation>'s own styles: the two sentences side by side with their output tables, and the verdict.
import { css } from 'lit';

export const permutationStyles = css`
      .sentences {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(340px, 100%), 1fr)); /* a panel's value table is ~320px wide */
        gap: 10px;
        margin: 8px 0;
      }
      .sentence {
        background: var(--_surface);
        border-radius: var(--_radius);
        padding: 8px;
        min-width: 0;
      }
      .sentence h4 {
        margin: 0 0 6px;
        font-size: max(var(--_min-text), 0.95em);
      }
      .words {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin-bottom: 6px;
      }
      .word {
        border: 1px solid var(--_border);
        background: var(--_bg);
        border-radius: 6px;
        padding: 2px 8px;
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .word small {
        font-weight: normal;
        color: var(--_muted);
        font-family: var(--_mono);
      }
      .verdict {
        font-size: 1.05em;
        border-left: 4px solid var(--_ok);
        padding: 6px 10px;
        background: var(--_surface);
        border-radius: 0 var(--_radius) var(--_radius) 0;
      }
      .verdict.differs {
        border-left-color: var(--_bad);
      }
      .verdict .num {
        font-family: var(--_mono);
        font-weight: 700;
      }
      table.values td.diff {
        font-weight: 600;
      }
    `;
