// The styles of <posenc-rope> beyond the shared ones: the side column, the proof line, the history table and
// the compact layout's three columns.
import { css } from 'lit';

export const ropeStyles = css`
  .side {
    flex: 1 1 280px;
    min-width: 0;
  }
  .side .controls {
    margin: 4px 0;
  }
  .proof {
    margin: 6px 0;
  }
  .proof .num {
    font-weight: 600;
  }
  table.grid tr.same td {
    background: color-mix(in srgb, var(--_ok) 14%, transparent);
  }
  .swatch-a {
    color: var(--_select-a);
    font-weight: 600;
  }
  .swatch-b {
    color: var(--_select-b);
    font-weight: 600;
  }
  /* compact, when there is room: three columns — the pair (circle, and below it the channels it
     turns), the positions and their scores, the decay with distance */
  :host([compact]) .frame {
    container: rope / inline-size;
  }
  @container rope (min-width: 760px) {
    :host([compact]) .split {
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.25fr);
      grid-template-areas: 'circle side decay' 'pairing side decay' 'keys keys keys';
    }
    .split > .row {
      display: contents;
    }
    canvas.circle {
      grid-area: circle;
      justify-self: center;
    }
    .side {
      grid-area: side;
    }
    .keys {
      grid-area: keys;
    }
    .pairing-pane {
      grid-area: pairing;
    }
    .decay-pane {
      grid-area: decay;
    }
    .pairing-pane .panel-title,
    .decay-pane .panel-title {
      margin-top: 0;
    }
  }
`;
