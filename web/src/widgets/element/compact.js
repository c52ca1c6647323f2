// The compact layout (`compact` attribute): every widget fits a 1280×720 slide (reveal.js and the like).
// Shared rules live here; a widget's own compact rules (shorter plots, which panels sit side by side) sit
// in its styles and sizing code.
//
// Markup a widget uses for it:
// - `.split` holding `.pane`s: nothing in the normal layout (display: contents), columns side by side in
//   the compact one (they wrap to one column when the widget is narrow);
// - `.lesson` on explanations a learner reads once: folded away in the compact layout until the reader
//   opens them with the Notes button of the toolbar (a lecturer says them aloud).
import { css } from 'lit';

export const compactStyles = css`
  .split,
  .pane {
    display: contents;
  }
  :host([compact]) .frame {
    padding: var(--posenc-padding, 8px 10px);
  }
  :host([compact]) .head {
    margin-bottom: 4px;
  }
  :host([compact]) .controls {
    margin: 4px 0;
  }
  :host([compact]) .split {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 24em), 1fr));
    gap: 6px 18px;
    align-items: start;
  }
  :host([compact]) .pane {
    display: block;
    min-width: 0;
  }
  :host([compact]) .frame:not(.notes-open) .lesson {
    display: none;
  }
`;
