// The styles of <posenc-learned> beyond the shared ones: the two tables side by side, the lookup's values.
import { css } from 'lit';

export const learnedStyles = css`
  .tables {
    display: flex;
    flex-wrap: wrap;
    gap: 16px;
  }
  .tables > div {
    flex: 1 1 280px;
    min-width: 0;
  }
  /* compact: the two tables side by side in one column, the lookup beside them */
  :host([compact]) .tables > div {
    flex-basis: 160px;
  }
  :host([compact]) .tables .panel-title {
    margin-top: 0;
  }
  .lookup {
    margin: 6px 0;
  }
  .vals {
    font-family: var(--_mono);
    font-size: max(var(--_min-text), 0.88em);
    overflow-wrap: anywhere;
  }
`;
