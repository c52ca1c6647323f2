// <posenc-compare>'s own styles: the token strip's chips with their A/B badges, the three metrics and the line
// naming the pair.
import { css } from 'lit';

export const compareStyles = css`
      .strip {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
        margin: 4px 0 10px;
        padding: 0;
        list-style: none;
      }
      .chip {
        display: inline-flex;
        flex-direction: column;
        align-items: center;
        min-width: 44px;
        min-height: 44px;
        padding: 3px 8px;
        line-height: 1.15;
        position: relative;
      }
      .chip .tok {
        font-weight: 600;
        max-width: 12ch;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .chip .idx {
        font-size: max(var(--_min-text), 0.75em);
        opacity: 0.8;
        font-family: var(--_mono);
      }
      .chip .idx.only {
        font-size: max(var(--_min-text), 0.95em);
        opacity: 1;
        margin: auto 0;
      }
      .chip .badge {
        position: absolute;
        top: -7px;
        right: -5px;
        font-size: max(var(--_min-text), 0.7em);
        font-weight: 700;
        background: var(--_bg);
        color: var(--_fg);
        border: 1px solid currentColor;
        border-radius: 8px;
        padding: 0 4px;
      }
      .metrics {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
        gap: 8px;
        margin: 8px 0;
      }
      /* compact: less room between the parts, so the widget fits a 980×552 slide under a title */
      :host([compact]) .strip {
        margin: 2px 0 6px;
      }
      :host([compact]) .metrics {
        margin: 4px 0;
      }
      .metric {
        background: var(--_surface);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        padding: 8px 10px;
      }
      .metric .num {
        font-family: var(--_mono);
        font-size: 1.45em;
        font-weight: 600;
        display: block;
      }
      .metric .name {
        color: var(--_muted);
        font-size: max(var(--_min-text), 0.9em);
      }
      .insight {
        margin: 6px 0;
      }
      .vs {
        margin: 2px 0 4px;
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .a {
        color: var(--_select-a);
      }
      .b {
        color: var(--_select-b);
      }
    `;
