// The styles of <posenc-model> beyond the shared ones: the pasted-config box, the source link, the notes
// list, and the compact layout (the plot beside the precision table).
import { css } from 'lit';

export const modelStyles = css`
  .controls select {
    min-width: 14em;
  }
  .source {
    color: var(--_accent);
    font-size: max(var(--_min-text), 0.9em);
  }
  .paste {
    margin: 6px 0;
  }
  .paste textarea {
    display: block;
    width: 100%;
    box-sizing: border-box;
    margin: 6px 0;
    font-family: var(--_mono);
    font-size: max(var(--_min-text), 0.85em);
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .notes {
    margin: 4px 0;
    padding-left: 1.2em;
    color: var(--_muted);
    font-size: max(var(--_min-text), 0.88em);
  }
  :host([compact]) .split {
    grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr);
  }
`;
