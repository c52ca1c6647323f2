// <posenc-padding>'s own styles: the token box and the table of ids (padding slots hatched, the mistake's −1 marked).
import { css } from 'lit';

export const paddingStyles = css`
  input.tokens {
    flex: 1 1 240px;
    min-width: 0;
  }
  table.ids {
    border-collapse: collapse;
    font-family: var(--_mono);
    font-size: max(var(--_min-text), 0.88em);
  }
  table.ids th,
  table.ids td {
    border: 1px solid var(--_border);
    padding: 3px 6px;
    text-align: center;
    min-width: 2.6em;
  }
  table.ids th[scope='row'] {
    text-align: left;
    font-family: var(--_font);
    font-weight: 600;
    background: var(--_surface);
    white-space: nowrap;
  }
  table.ids th[scope='row'] .formula {
    display: block;
    font-weight: normal;
    font-family: var(--_mono);
    font-size: max(var(--_min-text), 0.85em);
    color: var(--_muted);
  }
  /* phone widths: row names and their formulas wrap, so the slots stay in view beside them */
  @media (max-width: 480px) {
    table.ids {
      font-size: max(var(--_min-text), 0.72em);
    }
    table.ids th[scope='row'] {
      white-space: normal;
      min-width: 5em;
    }
    /* at 12 px (the phone's smallest text) a formula breaks where it must */
    table.ids th[scope='row'] .formula {
      overflow-wrap: anywhere;
    }
    table.ids th,
    table.ids td {
      padding: 2px 2px;
      min-width: 1.8em;
    }
  }
  table.ids td.pad {
    background: repeating-linear-gradient(135deg, transparent 0 5px, var(--_grid) 5px 7px);
    color: var(--_muted);
  }
  table.ids td.wrong {
    color: var(--_bg);
    background: var(--_bad);
    font-weight: 700;
  }
  table.ids .slot-head button {
    min-height: 26px;
    padding: 0 6px;
    font-family: var(--_mono);
    font-size: max(var(--_min-text), 0.95em);
  }
  table.ids td.cur,
  table.ids th.cur {
    outline: 2px solid var(--_accent);
    outline-offset: -2px;
  }
  table.ids tr.group td,
  table.ids tr.group th {
    border-top: 3px solid var(--_border);
  }
`;
