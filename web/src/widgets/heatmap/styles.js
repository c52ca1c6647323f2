// The styles of <posenc-heatmap> beyond the shared ones: the progress note over the canvas, the table fallback.
import { css } from 'lit';

export const heatmapStyles = css`
  .wrap {
    position: relative;
  }
  .table-scroll {
    max-height: 320px;
  }
  .progress {
    position: absolute;
    right: 12px;
    top: 2px;
    font-size: max(var(--_min-text), 0.8em);
  }
  .formula {
    font-family: var(--_mono);
  }
`;
