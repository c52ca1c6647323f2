// A box whose content is wider than itself scrolls sideways (a widget's table, a demo formula): it fades out
// at the side that has more (the CSS keys on .more-left / .more-right), and becomes a labelled, focusable
// region so that the keyboard can scroll it too; a box whose content fits is neither (no useless tab stop).

/** Marks `el` for its current scroll state; `label` names the region (set again each time: languages change). */
export function markScroller(el, label) {
  const more = el.scrollWidth - el.clientWidth;
  const over = more > 1;
  el.classList.toggle('more-right', over && el.scrollLeft < more - 1);
  el.classList.toggle('more-left', over && el.scrollLeft > 1);
  if (over) {
    el.tabIndex = 0;
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', label);
  } else if (el.hasAttribute('tabindex')) {
    for (const name of ['tabindex', 'role', 'aria-label']) el.removeAttribute(name);
  }
}
