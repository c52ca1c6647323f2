// Membership of a `group` (a Lit reactive controller): widgets with the same group value share a selection
// of up to two positions, and a hovered cell, through a page-level channel (../../state/channel.js).
//
// The host (a PosencElement) has a `group` property, `getSelection()`, and a `positions` property when it
// shows a selection of its own (pipeline and properties have none: they only follow the group). On a
// selection from the group the controller calls the host's `constrainSelection(list)`, then
// `selectionChanged(list, source)`; on a hover, `groupHoverChanged(hover, source)`. The host calls
// `willUpdate(changed)` from its own willUpdate (Lit gives controllers no changed-properties map).
//
// Other properties a widget shares with its group are named in its class's `static groupShared` (e.g.
// `['method']`): a change made in one (by the reader, markup or a script) is set in the others, each
// through its `constrainShared(name, value)` (the value it can show, or undefined to keep its own).

import { getChannel, normalizePositions, samePositions } from '../../state/channel.js';

export class GroupController {
  #host;
  #channel = null;
  /** positions taken from the group: not to be published back (constrained, they may differ from the group's) */
  #adopted = undefined;
  #onChange = (e) => {
    if (e.detail.source !== this.#host) this.#adopt(e.detail.positions);
  };
  #onHover = (e) => this.#host.groupHoverChanged(e.detail.hover, e.detail.source);
  /** shared values taken from the group, by name: not to be published back */
  #adoptedShared = new Map();
  #onShare = (e) => {
    if (e.detail.source !== this.#host) this.#adoptShared(e.detail.name, e.detail.value);
  };

  constructor(host) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected() {
    this.#join();
  }

  hostDisconnected() {
    this.#leave();
  }

  /** From the host's willUpdate: follows a change of `group`, and publishes positions set by a script. */
  willUpdate(changed) {
    const host = this.#host;
    if (changed.has('group') && host.isConnected && changed.get('group') !== undefined) {
      this.#leave();
      this.#join();
    }
    // positions set by a script (not adopted from the group, not a reader's pick): the group follows too
    if (changed.has('positions') && this.#channel && host.positions !== this.#adopted && !samePositions(this.#channel.positions, host.getSelection()))
      this.#channel.select(host.getSelection(), host);
    for (const name of this.#sharedNames)
      if (changed.has(name) && this.#channel && !Object.is(host[name], this.#adoptedShared.get(name))) this.#publishShared(name);
  }

  get #sharedNames() {
    return this.#host.constructor.groupShared ?? [];
  }

  #publishShared(name) {
    const value = this.#host[name];
    this.#adoptedShared.delete(name);
    if (value != null && value !== '') this.#channel.share(name, value, this.#host);
  }

  #adoptShared(name, value) {
    const host = this.#host;
    if (!this.#sharedNames.includes(name)) return;
    const next = host.constrainShared(name, value);
    if (next === undefined) return;
    this.#adoptedShared.set(name, next);
    host[name] = next;
  }

  /** The reader selected `list` in the host: sets its `positions`, tells the group, and (if `announce`) the host. */
  select(list, { announce = true } = {}) {
    const host = this.#host;
    const next = normalizePositions(list);
    if (!samePositions(next, host.getSelection())) host.positions = next;
    this.#channel?.select(next, host);
    if (announce) host.selectionChanged(next, host);
  }

  /** Tells the group which cell is hovered (so linked widgets can show a crosshair). */
  publishHover(hover) {
    this.#channel?.setHover(hover, this.#host);
  }

  #join() {
    const host = this.#host;
    if (!host.group) return;
    this.#channel = getChannel(host.group);
    this.#channel.addEventListener('change', this.#onChange);
    this.#channel.addEventListener('hover', this.#onHover);
    this.#channel.addEventListener('share', this.#onShare);
    for (const name of this.#sharedNames) {
      if (this.#channel.shared.has(name)) this.#adoptShared(name, this.#channel.shared.get(name));
      else this.#publishShared(name);
    }
    if (this.#channel.positions.length) {
      this.#adopt(this.#channel.positions, { initial: true });
    } else if (host.getSelection().length) {
      this.#channel.select(host.getSelection(), host);
    }
  }

  #leave() {
    if (!this.#channel) return;
    this.#channel.removeEventListener('change', this.#onChange);
    this.#channel.removeEventListener('hover', this.#onHover);
    this.#channel.removeEventListener('share', this.#onShare);
    this.#channel = null;
  }

  #adopt(list, { initial = false } = {}) {
    const host = this.#host;
    if (!('positions' in host)) {
      // widgets without a selection of their own (pipeline, properties) follow the group's later
      // selections; on joining, their own attributes win
      if (!initial) host.selectionChanged(list.slice(), null);
      return;
    }
    if (samePositions(list, host.getSelection())) return;
    host.positions = host.constrainSelection(list);
    this.#adopted = host.positions;
    host.selectionChanged(host.positions, null);
  }
}
