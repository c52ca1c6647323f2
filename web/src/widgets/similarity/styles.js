// <posenc-similarity>'s own styles: a wider metric menu, and in the compact layout the readouts beside the matrix.
import { css } from 'lit';

export const similarityStyles = css`
      .controls select {
        min-width: 10em;
      }
      /* compact: the matrix, and beside it what the cursor reads */
      :host([compact]) .split {
        grid-template-columns: auto minmax(14em, 1fr);
      }
    `;
