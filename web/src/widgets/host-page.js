// How a widget lives in a page it does not own (a reveal.js deck, a Slidev deck, a dark blog, a Markdown site):
// which colour scheme the page shows around it, which keys belong to the widget rather than to the page, and
// how it fits the slide it is on.

/** Nearest element above `el`, stepping out of shadow roots to their hosts. */
function parentOf(el) {
  return el.parentElement ?? el.getRootNode?.().host ?? null;
}

let probe = null;
/** Any CSS colour (rgb, hex, oklch, color(), named) as sRGB bytes [r, g, b, a], by letting a canvas paint it. */
function sRGB(color) {
  probe ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!probe) return null;
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = '#0000';
  probe.fillStyle = color;
  probe.fillRect(0, 0, 1, 1);
  return probe.getImageData(0, 0, 1, 1).data;
}

/** WCAG relative luminance of sRGB bytes. */
function luminance([r, g, b]) {
  const lin = (c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * 'dark' or 'light': what the page shows around `el`. The nearest opaque background colour among its
 * ancestors decides (the reader sees the widget against it); a page that paints none is shown in its
 * `color-scheme` when that names one scheme only, else in the system's (`systemDark`).
 */
export function pageScheme(el, systemDark) {
  for (let n = parentOf(el); n; n = parentOf(n)) {
    // reveal.js paints slide backgrounds behind the slides, not in them, and marks the slide instead
    if (n.classList.contains('has-dark-background')) return 'dark';
    if (n.classList.contains('has-light-background')) return 'light';
    const bg = getComputedStyle(n).backgroundColor;
    if (!bg || bg === 'transparent' || bg === 'rgba(0, 0, 0, 0)') continue;
    const rgba = sRGB(bg);
    if (rgba && rgba[3] > 128) return luminance(rgba) < 0.18 ? 'dark' : 'light';
  }
  const declared = getComputedStyle(el).colorScheme.split(/\s+/).filter((w) => w === 'light' || w === 'dark');
  if (declared.length === 1) return declared[0];
  return systemDark ? 'dark' : 'light';
}

/**
 * Calls `fn` whenever the page may have changed the scheme around `el`: an attribute (class, style,
 * data-theme) of `el`'s ancestors changed, as when a page's dark-mode switch sets a class on <html> or a
 * slide deck marks the current slide. Returns a function that stops watching.
 */
export function watchPageScheme(el, fn) {
  if (typeof MutationObserver !== 'function') return () => {};
  const observer = new MutationObserver(fn);
  for (let n = parentOf(el); n; n = parentOf(n)) observer.observe(n, { attributes: true });
  return () => observer.disconnect();
}

const RANGE_KEYS = /^(Arrow|Page|Home$|End$)/;
const CHOICE_TYPES = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file']);

/**
 * True when the focused native control `el` acts on key event `e` itself (a text box types the key, a
 * slider moves, a button presses), so the page must not act on it too. A page sees keys through the
 * shadow root's host, which is not an <input>, so slide decks cannot tell that someone is typing.
 */
export function controlUsesKey(el, e) {
  if (e.key === 'Tab') return false;
  const tag = el?.localName;
  if (tag === 'textarea' || el?.isContentEditable || tag === 'select') return e.key !== 'Escape';
  if (tag === 'input') {
    if (el.type === 'range') return RANGE_KEYS.test(e.key);
    if (el.type === 'radio' && e.key.startsWith('Arrow')) return true;
    if (CHOICE_TYPES.has(el.type)) return e.key === ' ' || e.key === 'Enter';
    return e.key !== 'Escape';
  }
  if (tag === 'button' || tag === 'summary' || tag === 'a') return e.key === ' ' || e.key === 'Enter';
  return false;
}

let relayout = 0;
const pending = new Set();

/** True when the slide `section` is laid out and lies inside its deck's slide area (nothing hangs out). */
function onItsSlide(section) {
  const s = section.getBoundingClientRect();
  const area = section.closest('.slides')?.getBoundingClientRect();
  return !!area && s.height > 0 && s.top >= area.top - 1 && s.bottom <= area.bottom + 1;
}

/**
 * Tells a reveal.js deck around `el` that a slide's content changed height. reveal.js centres each slide's
 * content when it lays the deck out, which happens before the widgets have drawn (their script runs after
 * the deck's, and a widget starts empty): a widget that then grows would hang below its slide, its lower rows
 * out of reach. The deck lays out again on a window resize, or through `Reveal.layout()` where the page has
 * the global; once per frame, however many widgets grew. Only when a slide's content no longer fits where it
 * is: centring it again after a growth that fits (the Select button a tap shows) would move the rows under
 * the reader's finger between a tap and the second tap that selects.
 */
export function slideContentResized(el) {
  const section = el.closest?.('.reveal .slides section');
  if (!section) return;
  pending.add(section);
  if (relayout) return;
  relayout = requestAnimationFrame(() => {
    relayout = 0;
    const sections = [...pending];
    pending.clear();
    if (sections.every(onItsSlide)) return;
    const deck = globalThis.Reveal;
    if (typeof deck?.layout === 'function' && deck.isReady?.()) deck.layout();
    else dispatchEvent(new Event('resize'));
  });
}

// a widget is never drawn smaller than this share of its size to fit a slide (below it, it hangs past the slide)
const SMALLEST_FIT = 0.4;

/**
 * On a Slidev slide (980×552, where even the compact layouts of the larger widgets need more height than a
 * slide with a title leaves), a widget taller than the room left under what is above it is drawn smaller, as
 * one picture: `frame` is scaled from its top centre and the space it no longer
 * takes is given back, so the slide's layout sees the smaller height. Its layout (the widths its plots
 * follow, its rows) is unchanged, and so is what a click at a point selects. Sizes are in the slide's own
 * pixels (the deck scales its slides to the window). Called when the widget's height changes. (reveal.js
 * slides are 1280×720 or 960×700, which the compact layouts fit; a deck lays out again when a widget grows:
 * slideContentResized.)
 */
export function fitToSlide(el, frame) {
  const area = el.closest?.('.slidev-page');
  let scale = 1;
  if (area) {
    const box = area.getBoundingClientRect();
    const zoom = box.height / area.offsetHeight;
    // what the boxes between the widget and the slide keep below it (a layout's padding)
    let below = 0;
    for (let n = el.parentElement; n && n !== area; n = n.parentElement) {
      const cs = getComputedStyle(n);
      below += parseFloat(cs.paddingBottom) + parseFloat(cs.borderBottomWidth) || 0;
    }
    const room = area.offsetHeight - below - (el.getBoundingClientRect().top - box.top) / zoom;
    const height = frame.offsetHeight;
    if (zoom > 0 && height > room + 0.5) scale = Math.max(SMALLEST_FIT, room / height);
  }
  const fitted = scale < 1;
  if (!fitted && !frame.style.transform) return;
  frame.style.transform = fitted ? `scale(${scale})` : '';
  frame.style.transformOrigin = fitted ? 'top center' : '';
  frame.style.marginBottom = fitted ? `${-frame.offsetHeight * (1 - scale)}px` : '';
}
