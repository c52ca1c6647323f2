// The frame a widget draws in, and what it needs to know about its surroundings (a Lit reactive controller):
// the .frame element inside the shadow root, its colour scheme (theme="auto" follows the page around the
// widget through host-page.js, else the system), the colours canvases draw with, the content width
// canvases fill (a ResizeObserver on the frame's layout size, so a scaled slide does not shrink it), tables
// that scroll sideways, and the reader's motion preference.
//
// The host (a PosencElement) is told to draw again through `redraw()` whenever its size, its colours or
// its layout changed. It calls `createFrame()` from createRenderRoot and `willUpdate(changed)` from its own
// willUpdate (Lit gives controllers no changed-properties map).

import { themeColors } from '../../render/canvas.js';
import { markScroller } from '../../render/scroller.js';
import { controlUsesKey, fitToSlide, pageScheme, slideContentResized, watchPageScheme } from '../host-page.js';
import { onPrint, printing } from './print.js';

const motionQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
// a phone (styles.js): canvas labels take 12 px there, so crossing it draws them again
const phoneQuery = typeof matchMedia === 'function' ? matchMedia('(max-width: 480px), (pointer: coarse)') : null;

export class FrameController {
  #host;
  #width = 0;
  #height = 0;
  #colors = null;
  #resizeObserver;
  #unwatchPage = null;
  #unwatchPrint = null;
  #scrollWatched = false;
  #sized = null;
  #scrollers = new WeakMap();  // a scrolling box → the content element observed in it
  #scrollObserver = typeof ResizeObserver === 'function'
    ? new ResizeObserver((entries) => this.markScrollers(new Set(entries.map((e) => (e.target.classList.contains('scroll') ? e.target : e.target.parentElement)))))
    : null;
  #onSized = () => {};
  #onPrefs = () => {
    this.#applyScheme();
    this.repaint();
  };

  constructor(host) {
    this.#host = host;
    this.#resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => this.#resized(entries)) : null;
    host.addController(this);
  }

  /**
   * Makes the shadow root's one element, the frame, for Lit to render into. The frame is written in
   * English, so it is laid out left to right (numbers, minus signs, full stops, canvas text) even on a
   * right-to-left page. Keys that the widget acts on stop at the frame, so a slide deck listening on the
   * document does not act on them too; other keys go on to the page.
   */
  createFrame(shadow) {
    const frame = document.createElement('div');
    frame.className = 'frame';
    frame.setAttribute('part', 'frame');
    frame.dir = 'ltr';
    frame.lang = 'en';
    shadow.append(frame);
    const contain = (e) => {
      if (e.defaultPrevented || controlUsesKey(e.composedPath()[0], e)) e.stopPropagation();
    };
    frame.addEventListener('keydown', contain);
    frame.addEventListener('keypress', contain);
    return frame;
  }

  hostConnected() {
    const host = this.#host;
    if (!this.#scrollWatched) {
      // scroll events do not bubble: one capturing listener sees every table's container
      host.renderRoot.addEventListener('scroll', (e) => e.target.classList?.contains('scroll') && this.markScrollers([e.target]), {
        capture: true,
        passive: true,
      });
      this.#scrollWatched = true;
    }
    this.#colors = null;
    motionQuery?.addEventListener('change', this.#onPrefs);
    darkQuery?.addEventListener('change', this.#onPrefs);
    phoneQuery?.addEventListener('change', this.#onPrefs);
    this.#resizeObserver?.observe(host.renderRoot);
    this.#unwatchPage = watchPageScheme(host, () => this.#applyScheme() && this.repaint());
    this.#unwatchPrint = onPrint(this.#onPrefs);
    // before the first render, the scheme waits for it (reading the page's colours forces a style pass)
    if (host.hasUpdated) this.#applyScheme();
  }

  hostUpdate() {
    if (!this.#host.hasUpdated) this.#applyScheme();
  }

  hostDisconnected() {
    motionQuery?.removeEventListener('change', this.#onPrefs);
    darkQuery?.removeEventListener('change', this.#onPrefs);
    phoneQuery?.removeEventListener('change', this.#onPrefs);
    this.#resizeObserver?.unobserve(this.#host.renderRoot);
    this.#unwatchPage?.();
    this.#unwatchPage = null;
    this.#unwatchPrint?.();
  }

  /** From the host's willUpdate: a theme or inline style change may change the colours. */
  willUpdate(changed) {
    if (changed.has('theme') || changed.has('style')) {
      this.#colors = null;
      this.#applyScheme();
    }
    // plots are sized for the layout: switching it (not the first render) draws them again
    if (changed.has('compact') && changed.get('compact') !== undefined) this.#host.updateComplete.then(() => this.#redraw());
  }

  /**
   * Tables that scroll sideways are marked when their box or their content changes size (a ResizeObserver,
   * so that no update forces a layout to measure them); an update only relabels those already marked.
   */
  hostUpdated() {
    for (const el of this.#host.renderRoot.querySelectorAll('.scroll')) {
      const content = el.firstElementChild;
      if (this.#scrollers.get(el) === content) {
        if (el.hasAttribute('aria-label')) el.setAttribute('aria-label', this.#host.t('message.tableScrolls'));
        continue;
      }
      if (!this.#scrollers.has(el)) this.#scrollObserver?.observe(el);
      else if (this.#scrollers.get(el)) this.#scrollObserver?.unobserve(this.#scrollers.get(el));
      if (content) this.#scrollObserver?.observe(content);
      this.#scrollers.set(el, content);
      if (!this.#scrollObserver) this.markScrollers([el]);
    }
  }

  /**
   * Content width of the frame in CSS pixels (what canvases should fill), as the ResizeObserver last saw it:
   * reading the layout here would force one in the middle of drawing. Before the frame has been laid out (a
   * widget started while hidden), a narrow guess; the observer draws again at the true width.
   */
  get contentWidth() {
    return this.#width || 280;
  }

  /**
   * Resolves once the frame has a size from the ResizeObserver, or a frame later when it has none (hidden);
   * the engine controller waits for it, so that the first drawing has the true width.
   */
  measured() {
    this.#sized ??= new Promise((resolve) => {
      this.#onSized = resolve;
      // printing: the page is laid out for paper before any observer reports, so measure now
      if (!this.#width && printing()) this.#width = Math.floor(this.#host.renderRoot.clientWidth);
      if (this.#width) resolve();
      const later = () => setTimeout(resolve, 0);
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(later);
      setTimeout(resolve, 100);  // no frames in a background tab
    });
    return this.#sized;
  }

  /**
   * Resolves after the next frame's layout, when the ResizeObserver has reported any change of size an
   * update made (a compact layout, a longer label): true when that size differed and the widget draws again.
   */
  layoutSettled() {
    const width = this.#width;
    return new Promise((resolve) => {
      const done = () => resolve(this.#width !== width);
      // the observer's callbacks run after the frame's layout, before its paint: a task after the frame
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(done, 0));
      setTimeout(done, typeof requestAnimationFrame === 'function' ? 100 : 0); // no frames in a background tab
    });
  }

  #resized(entries) {
    const { width, height } = entries[entries.length - 1].contentRect;
    if (Math.abs(height - this.#height) >= 1) {
      this.#height = height;
      fitToSlide(this.#host, this.#host.renderRoot);
      slideContentResized(this.#host);
    }
    const w = Math.floor(width);
    if (w > 0) this.#onSized();
    if (w > 0 && Math.abs(w - this.#width) >= 1) {
      this.#width = w;
      this.#redraw();
      this.markScrollers();
    }
  }

  /** Colours for canvas drawing, cached (reading computed styles forces a style recalculation). */
  get colors() {
    this.#colors ??= themeColors(this.#host.renderRoot);
    return this.#colors;
  }

  /**
   * 'light' or 'dark': the theme attribute, or with theme="auto" the scheme of the page around the widget;
   * 'light' while the page prints (./print.js).
   */
  get resolvedTheme() {
    if (printing()) return 'light';
    const { theme } = this.#host;
    return theme === 'light' || theme === 'dark' ? theme : pageScheme(this.#host, !!darkQuery?.matches);
  }

  /** true when the user asked the system for less motion. */
  get reducedMotion() {
    return !!motionQuery?.matches;
  }

  /** Puts the frame in the current scheme; true when that changed it. */
  #applyScheme() {
    const frame = this.#host.renderRoot;
    const dark = this.resolvedTheme === 'dark';
    if (dark === frame.classList.contains('dark')) return false;
    frame.classList.toggle('dark', dark);
    this.#colors = null;
    return true;
  }

  /** Draws everything again in the current colours (after a theme or motion preference changed). */
  repaint() {
    this.#colors = null;
    this.#host.requestUpdate();
    this.#redraw();
  }

  /** A widget that has not started has drawn nothing yet (engine-controller.js: updatedOnceStarted). */
  #redraw() {
    if (this.#host._ready) this.#host.redraw();
  }

  /** Tables that do not fit their column scroll sideways (render/scroller.js). */
  markScrollers(scrollers = this.#host.renderRoot.querySelectorAll('.scroll')) {
    for (const el of scrollers) markScroller(el, this.#host.t('message.tableScrolls'));
  }

}
