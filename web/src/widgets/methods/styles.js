// The styles of <posenc-methods> beyond the shared ones: the token strip, the five panels, the comparison
// table (one block per property at phone widths) and the compact layout's single row of panels.
import { css } from 'lit';

export const methodsStyles = css`
  .strip {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    margin: 6px 0;
    padding: 0;
    list-style: none;
  }
  .chip {
    display: inline-flex;
    flex-direction: column;
    align-items: center;
    min-width: 44px;
    min-height: 44px;
    padding: 2px 6px;
    line-height: 1.15;
  }
  .chip .tok {
    font-weight: 600;
    max-width: 10ch;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .chip .idx {
    font-size: max(var(--_min-text), 0.75em);
    font-family: var(--_mono);
    opacity: 0.85;
  }
  .chip.past {
    border-style: dashed;
  }
  .panels {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(250px, 1fr));
    gap: 8px;
    margin: 8px 0;
  }
  /* compact: the five panels in one row when they fit */
  :host([compact]) .panels {
    grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  }
  /* compact on a slide narrower than 900 px (Slidev's 980×552 is 868 px inside its padding), which is as
     short as it is narrow: the comparison table folds behind Notes too, and chips read by a mouse are
     shorter (a finger keeps 44 px) */
  :host([compact]) .frame {
    container: methods / inline-size;
  }
  @container methods (max-width: 900px) {
    .frame:not(.notes-open) .scroll.table {
      display: none;
    }
  }
  @media (pointer: fine) {
    :host([compact]) .chip {
      min-height: 36px;
    }
  }
  .panel {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 4px 6px;
    min-width: 0;
  }
  .panel h4 {
    margin: 0;
    font-size: max(var(--_min-text), 0.92em);
    display: flex;
    align-items: center;
    gap: 6px;
  }
  /* the heading is the toggle that marks the panel's method (shared with the group) */
  .panel h4 .pick {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 32px;
    padding: 0 6px;
    margin-left: -6px;
    border: 1px solid transparent;
    background: none;
    font: inherit;
    font-weight: 600;
    color: inherit;
  }
  .panel h4 .pick[aria-pressed='true'] {
    border-color: var(--_accent);
  }
  .panel.current {
    border-color: var(--_accent);
    box-shadow: inset 0 0 0 1px var(--_accent);
  }
  table.compare .current {
    background: color-mix(in srgb, var(--_accent) 12%, transparent);
  }
  /* phone widths: five method columns do not fit; each property becomes a block of name: value lines */
  @media (max-width: 480px) {
    table.compare thead {
      display: none;
    }
    table.compare,
    table.compare tbody,
    table.compare tr,
    table.compare th[scope='row'],
    table.compare td {
      display: block;
      width: auto;
    }
    table.compare td {
      position: relative;
      padding-left: 7.5em;
      text-align: left;
    }
    table.compare td::before {
      content: attr(data-name);
      position: absolute;
      left: 6px;
      font-family: var(--_font);
      font-weight: 600;
    }
  }
  .panel .what {
    font-family: var(--_mono);
    font-size: max(var(--_min-text), 0.78em);
    color: var(--_muted);
    margin: 0 0 2px;
  }
  .panel .val {
    font-family: var(--_mono);
    font-size: max(var(--_min-text), 0.88em);
    margin: 2px 0 0;
    overflow-wrap: anywhere;
  }
  .panel .fail {
    font-size: max(var(--_min-text), 0.78em);
  }
  .dot {
    background: currentColor;
    width: 10px;
    height: 10px;
    border-radius: 50%;
    display: inline-block;
  }
  .train {
    font-size: max(var(--_min-text), 0.85em);
  }
  table.grid td .ok,
  table.grid td .bad {
    font-weight: 600;
  }
`;
