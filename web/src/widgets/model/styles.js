// The styles of <posenc-model> beyond the shared ones: the pasted-config box, the source link, the notes
// list, the layer strip (RoPE 1 accent, RoPE 2 select-b, no RoPE hollow; sliding and chunked layers striped), and
// the compact layout (the plot beside the precision table).
import { css } from 'lit';

export const modelStyles = css`
  .controls select {
    min-width: min(14em, 100%);
    max-width: 100%;
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
    overflow-wrap: anywhere;
  }
  .layers {
    display: flex;
    flex-wrap: wrap;
    gap: 2px;
    align-items: flex-end;
    margin: 6px 0 2px;
  }
  .layer {
    display: inline-block;
    width: 12px;
    height: 28px;
    min-height: 0;
    min-width: 0;
    padding: 0;
    border: 2px solid transparent;
    border-radius: 2px;
    background-color: var(--_accent);
    cursor: pointer;
  }
  .layer.sliding,
  .layer.chunked {
    background-image: repeating-linear-gradient(135deg, transparent 0 3px, var(--_bg) 3px 5px);
  }
  .layer.rope-1 {
    background-color: var(--_select-b);
  }
  .layer.rope-2 {
    background-color: var(--_select-a);
  }
  .layer.nope {
    background-color: transparent;
    border-color: var(--_muted);
  }
  .layer[aria-checked='true'] {
    outline: 2px solid var(--_fg);
    outline-offset: 1px;
  }
  .layer:focus-visible {
    outline: 3px solid var(--_focus);
  }
  .legend {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: 2px 14px;
    margin: 2px 0 6px;
    padding: 0;
    font-size: max(var(--_min-text), 0.88em);
  }
  .legend .layer {
    width: 10px;
    height: 14px;
    cursor: default;
    margin-right: 5px;
    vertical-align: bottom;
  }
  .method table {
    max-width: 22em;
  }
  :host([compact]) .split {
    grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr);
  }
`;
