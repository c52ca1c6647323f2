// <posenc-alibi>'s own styles: the slope buttons, and the compact layout's panes side by side when there is room.
import { css } from 'lit';

export const alibiStyles = css`
      .slopes {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin: 6px 0;
        padding: 0;
        list-style: none;
      }
      .slopes button {
        font-family: var(--_mono);
        font-size: max(var(--_min-text), 0.82em);
        min-height: 30px;
        padding: 2px 6px;
      }
      .slopes button[aria-selected='true'] {
        background: var(--_accent);
        color: var(--_accent-fg);
        border-color: var(--_accent);
      }
      /* compact, when there is room: slopes and attention weights side by side, the heads' biases below */
      :host([compact]) .frame {
        container: alibi / inline-size;
      }
      @container alibi (min-width: 760px) {
        :host([compact]) .split {
          grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
          grid-template-areas: 'slopes weights' 'heads heads' 'note note';
        }
        .slopes-pane {
          grid-area: slopes;
        }
        .heads-pane {
          grid-area: heads;
        }
        .weights-pane {
          grid-area: weights;
        }
        .split > .note {
          grid-area: note;
        }
        .slopes-pane > .panel-title:first-child,
        .weights-pane > .panel-title:first-child {
          margin-top: 0;
        }
      }
    `;
