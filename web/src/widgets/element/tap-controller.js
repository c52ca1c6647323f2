// Reading and selecting on a plot, for every kind of input (a Lit reactive controller).
//
// Reading a value shows it in the widget's readout and changes nothing else: no other widget of the group, no
// attribute, no address. Selecting is a separate action that the group and the address follow:
// - a mouse (or pen) reads by hovering and selects with a click;
// - a finger reads with a tap, and the readout stays after the finger lifts (Chromium sends pointerleave
//   right after a touch ends, so a widget must not clear its readout then: `leaves(e)`); a second tap on the
//   same place, or the Select button the readout then shows (`button(label)`), selects;
// - the keyboard reads with the arrow keys and selects with Enter or Space.
// A plot sets no touch-action (styles.js): a swipe that starts on it scrolls the page and a pinch zooms it.

import { html } from 'lit';

/** True when the pointer event came from a finger. */
export const byTouch = (e) => e?.pointerType === 'touch';

/** True when a pointerleave (or pointercancel) ends a read: a mouse left the plot, not a finger that lifted. */
export const leaves = (e) => !byTouch(e);

export class TapController {
  #host;
  #select = null;
  /** the pointerType of the last pointerdown in the widget: a click event carries none in some browsers */
  #lastPointer = '';
  /** what the last tap read (a string naming the place), null when no tap read is showing */
  key = null;

  /** `select()` selects what the last tap read (called by the second tap and by the Select button). */
  constructor(host, select) {
    this.#host = host;
    this.#select = select;
    host.addController(this);
    host.addEventListener('pointerdown', (e) => (this.#lastPointer = e.pointerType), { capture: true, passive: true });
  }

  /**
   * A click on the plot at `key` (the place under the pointer, as a string): true when it selects. A mouse or
   * pen click selects; a tap reads (and shows the Select button) unless it lands on what the last tap read.
   */
  selects(e, key) {
    if (!byTouch({ pointerType: e.pointerType || this.#lastPointer }) || this.key === key) {
      this.clear();
      return true;
    }
    this.key = key;
    this.#host.requestUpdate();
    return false;
  }

  /** Forgets the tap read (the reader moved on with the mouse or keyboard, or selected). */
  clear() {
    if (this.key === null) return;
    this.key = null;
    this.#host.requestUpdate();
  }

  /**
   * The Select button under a tap read (`label` names what it selects). While no tap read shows, an empty slot
   * of its height, kept on a touch screen only (styles.js): the tap that shows the button then moves nothing,
   * neither the page below nor a deck that centres its slides (reveal.js), where the rows would otherwise slide
   * from under the finger before the second tap.
   */
  button(label) {
    if (this.key === null) return html`<span class="select-slot" aria-hidden="true"></span>`;
    return html`<button type="button" class="select-read" @click=${this.#onButton}>${label}</button>`;
  }

  #onButton = () => {
    this.clear();
    this.#select();
  };
}

/**
 * Instructions for the input the reader has: `fine` for a mouse (hover, click) and `coarse` for a finger (tap,
 * drag); CSS shows the one that matches `(pointer: coarse)` (styles.js, .for-fine / .for-coarse).
 */
export function forInput(fine, coarse) {
  return html`<span class="for-fine">${fine}</span><span class="for-coarse">${coarse}</span>`;
}
