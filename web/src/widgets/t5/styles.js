// The styles of <posenc-t5> beyond the shared ones: the two grids side by side, and the compact layout's
// columns (curve and readouts beside the grids).
import { css } from 'lit';

export const t5Styles = css`
  .pair {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
  }
  .pair > div {
    flex: 1 1 260px;
    min-width: 0;
  }
  /* compact, when there is room: the curve, the readouts and the bias table in the first column, the
     two grids beside them (the last row is flexible so the grids' height does not spread the column) */
  :host([compact]) .frame {
    container: t5 / inline-size;
  }
  @container t5 (min-width: 760px) {
    :host([compact]) .split {
      grid-template-columns: minmax(0, 1fr) minmax(0, 2fr);
      grid-template-rows: auto auto auto 1fr auto;
      grid-template-areas: 'curve pair' 'cell pair' 'table pair' '. pair' 'note note';
    }
    .curve-pane {
      grid-area: curve;
    }
    .pair {
      grid-area: pair;
      flex-wrap: nowrap;
    }
    #cell-readout {
      grid-area: cell;
    }
    canvas.table {
      grid-area: table;
    }
    .split > .note {
      grid-area: note;
    }
    .pair .panel-title {
      margin-top: 0;
    }
  }
`;
