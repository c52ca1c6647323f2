// <posenc-scaling>'s own styles: the colour swatches and the selected row of its table, its parameter boxes.
import { css } from 'lit';

export const scalingStyles = css`
  .swatch {
    display: inline-block;
    width: 18px;
    height: 0;
    border-top: 3px solid currentColor;
    vertical-align: middle;
    margin-right: 6px;
  }
  table.grid tr.sel td {
    font-weight: 600;
    background: color-mix(in srgb, var(--_accent) 10%, transparent);
  }
  table.grid td button {
    min-height: 26px;
    padding: 1px 6px;
    text-align: left;
  }
  .params input[type='number'] {
    width: 7.5em;
  }
`;
