// Page-level selection channel: widgets that share a `group` name share the selected positions, and any
// other named values they declare (`shared`: the position method chosen, …).
//
// A channel holds an ordered list of at most two positions ([a, b]); the most recent selection is last.
// Widgets publish with `select(positions, source)` and listen to the `change` event. The registry lives on
// globalThis under a Symbol.for key so that two copies of this module (say an ES-module build and the IIFE
// build on the same page) still talk to each other.

const REGISTRY_KEY = Symbol.for('posenc.selection-channels');

/** @returns {Map<string, SelectionChannel>} */
function registry() {
  const g = /** @type {any} */ (globalThis);
  if (!g[REGISTRY_KEY]) g[REGISTRY_KEY] = new Map();
  return g[REGISTRY_KEY];
}

export const MAX_SELECTED = 2;

/** Normalises a list of positions: non-negative integers, no duplicates, at most MAX_SELECTED, order kept. */
export function normalizePositions(list) {
  const out = [];
  for (const v of list ?? []) {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || out.includes(n)) continue;
    out.push(n);
  }
  return out.slice(-MAX_SELECTED);
}

/** Adds `p` to a selection the way a click does: keeps the newest two, never duplicates. */
export function pushPosition(current, p) {
  const list = normalizePositions(current);
  if (list.includes(p)) return list;
  list.push(p);
  return list.slice(-MAX_SELECTED);
}

export function samePositions(a, b) {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class SelectionChannel extends EventTarget {
  /** @param {string} name */
  constructor(name) {
    super();
    this.name = name;
    /** @type {number[]} */
    this.positions = [];
    /** @type {{row:number, col:number}|null} the cell or pair currently hovered/focused somewhere in the group */
    this.hover = null;
    /** @type {Map<string, unknown>} values the group shares besides positions, by name (e.g. `method`) */
    this.shared = new Map();
  }

  /** Publishes a new selection. `source` is the element that made it (receivers may ignore their own echo). */
  select(positions, source = null) {
    const next = normalizePositions(positions);
    if (samePositions(next, this.positions)) return false;
    this.positions = next;
    this.dispatchEvent(new CustomEvent('change', { detail: { positions: next.slice(), source } }));
    return true;
  }

  /** Publishes the shared value `name` (a `share` event, unless it is the value already shared). */
  share(name, value, source = null) {
    if (this.shared.has(name) && Object.is(this.shared.get(name), value)) return false;
    this.shared.set(name, value);
    this.dispatchEvent(new CustomEvent('share', { detail: { name, value, source } }));
    return true;
  }

  /** Publishes a transient hover (not a selection): `{ row, col }` or null. */
  setHover(hover, source = null) {
    this.hover = hover;
    this.dispatchEvent(new CustomEvent('hover', { detail: { hover, source } }));
  }
}

/** Returns the channel called `name`, creating it on first use. */
export function getChannel(name) {
  const reg = registry();
  let ch = reg.get(name);
  if (!ch) {
    ch = new SelectionChannel(name);
    reg.set(name, ch);
  }
  return ch;
}

/** Names of the channels created so far (for debugging and tests). */
export function channelNames() {
  return [...registry().keys()];
}
