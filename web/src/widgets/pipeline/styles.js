// <posenc-pipeline>'s own styles: the stages as cards (done, current, still to come), the token, the equation
// and the playback controls.
import { css } from 'lit';

export const pipelineStyles = css`
      ol.stages {
        list-style: none;
        padding: 0;
        margin: 8px 0;
        display: grid;
        gap: 8px;
      }
      /* compact: the stages two by two */
      :host([compact]) .stages {
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 30em), 1fr));
        margin: 4px 0;
      }
      .stage {
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        padding: 8px 10px;
        background: var(--_bg);
        transition: opacity 0.3s ease, border-color 0.3s ease;
      }
      .stage.future {
        border-style: dashed;
        color: var(--_muted);
      }
      .stage.future canvas,
      .stage.future .token {
        opacity: 0.35;
      }
      .stage.current {
        border-color: var(--_accent);
        box-shadow: 0 0 0 1px var(--_accent);
      }
      .stage h4 {
        margin: 0 0 4px;
        font-size: max(var(--_min-text), 0.95em);
        display: flex;
        flex-wrap: wrap;
        gap: 4px 10px;
        align-items: baseline;
      }
      .stage h4 .num {
        display: inline-grid;
        place-items: center;
        width: 1.6em;
        height: 1.6em;
        border-radius: 50%;
        background: var(--_surface);
        border: 1px solid var(--_border);
        font-size: max(var(--_min-text), 0.85em);
      }
      .stage .shape {
        font-family: var(--_mono);
        color: var(--_muted);
        font-weight: normal;
        font-size: max(var(--_min-text), 0.9em);
      }
      .token {
        font-size: 1.3em;
        font-weight: 600;
        font-family: var(--_mono);
        overflow-wrap: anywhere;
      }
      .equation {
        font-family: var(--_mono);
        background: var(--_surface);
        border-radius: var(--_radius);
        padding: 6px 10px;
        overflow-wrap: anywhere;
      }
      input.tok {
        width: 9em;
      }
      input.pos {
        width: 6em;
      }
      .step-slider {
        flex: 1 1 180px;
        display: flex;
        gap: 8px;
        align-items: center;
      }
      .step-slider input {
        flex: 1;
      }
    `;
