// Printing a lesson (Print → PDF, a course's handout). Widgets start when they come near the viewport
// (engine-controller.js), so one the reader never scrolled to would print "Loading the engine…". The page's
// print (`beforeprint`, or the `print` media query turning on, which some browsers signal alone) starts
// every widget, and while it lasts the widgets' queued work runs at once rather than one task each: the
// browser lays the page out for paper right after the event's microtasks, so what is drawn by then is what
// prints (once the engine is loaded; a page that prints before it has loaded prints the widgets it has).
// Widgets print in their light colours: paper is white, and browsers leave out dark backgrounds.

const printQuery = typeof matchMedia === 'function' ? matchMedia('print') : null;
const listeners = new Set();
let active = false;

/** True while the page prints (between `beforeprint` and `afterprint`, or while the print media query holds). */
export const printing = () => active || !!printQuery?.matches;

/** Calls `fn(true)` when the page starts printing and `fn(false)` when it stops; returns the unsubscribe. */
export function onPrint(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function set(on) {
  if (on === active) return;
  active = on;
  for (const fn of [...listeners]) fn(on);
}

if (typeof addEventListener === 'function') {
  addEventListener('beforeprint', () => set(true));
  addEventListener('afterprint', () => set(false));
}
printQuery?.addEventListener('change', (e) => set(e.matches));
