// The styles of <posenc-heatmap> beyond the shared ones: the cursor and progress note over the canvas, the table fallback.
import { css } from 'lit';

export const heatmapStyles = css`
  .wrap {
    position: relative;
  }
  .cursor {
    position: absolute;
    box-sizing: border-box;
    border: 1.5px solid var(--_cursor);
    box-shadow: 0 0 0 1.5px rgba(255, 255, 255, 0.9), inset 0 0 0 1.5px rgba(255, 255, 255, 0.9);
    pointer-events: none;
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
