// The compact layout (`compact` attribute): every widget fits a 1280×720 slide (reveal.js and the like).
// Rules shared by all widgets live here; a widget's own compact rules sit in its styles.
import { css } from 'lit';

export const compactStyles = css``;
