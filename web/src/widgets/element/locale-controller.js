// A widget's language (a Lit reactive controller): its own `lang` attribute, else the nearest ancestor's,
// else <html lang>, else English, matched to a registered catalogue (web/src/i18n; the catalogues are in ../catalogues). The frame gets that
// `lang` and the locale's direction; when any `lang` in the page changes, or a catalogue is registered,
// the widget renders again and redraws its canvases (their labels are text too).

// A shipped catalogue not loaded yet (the ES module loads them on demand) is asked for, the widget speaks
// English meanwhile, and `ready` resolves once it is here (whenReady waits for it).

import { directionOf, isLoaded, langOf, loadLocale, matchLocale, onLocalesChanged, shipCatalogues, translate, translateParts } from '../../i18n/index.js';
import { en as messages } from './messages.js';
import shipped from '../catalogues/shipped.js';

// the English every widget shares (each widget's module ships its own), and the other languages' loaders: made
// known here, in the widgets' layer that assembles the catalogues, before any widget or page asks for a language
shipCatalogues({ en: messages });
shipCatalogues(shipped);

const controllers = new Set();
let observer = null;

// One observer for the whole page: a `lang` attribute changed anywhere (the widget's own included).
function watch(controller) {
  controllers.add(controller);
  if (observer || typeof MutationObserver !== 'function') return;
  observer = new MutationObserver(() => controllers.forEach((c) => c.refresh()));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
}

function unwatch(controller) {
  controllers.delete(controller);
  if (!controllers.size && observer) {
    observer.disconnect();
    observer = null;
  }
}

export class LocaleController {
  #host;
  #stop = null;
  /** The catalogue in use ('en', 'es', 'zh-CN', or one registered with registerLocale). */
  locale = 'en';
  /** Resolves when the catalogue of the widget's language is loaded (at once when it is here). */
  ready = Promise.resolve();

  constructor(host) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected() {
    watch(this);
    this.#stop = onLocalesChanged(() => this.refresh(true));
    this.refresh(true);
  }

  hostDisconnected() {
    unwatch(this);
    this.#stop?.();
  }

  /** Reads the language again; on a change (or `force`), marks the frame and renders and redraws. */
  async refresh(force = false) {
    const host = this.#host;
    const wanted = matchLocale(langOf(host) || document.documentElement.lang);
    // not here yet: English meanwhile, and the catalogue's listener calls refresh once it is (loadLocale
    // warns if it cannot load, and the widget stays in English)
    if (!isLoaded(wanted)) this.ready = loadLocale(wanted).catch(() => {});
    const next = isLoaded(wanted) ? wanted : 'en';
    if (next === this.locale && !force) return;
    const changed = next !== this.locale;
    this.locale = next;
    const frame = host.renderRoot;
    if (frame?.setAttribute) {
      frame.lang = next;
      frame.dir = directionOf(next);
    }
    host.requestUpdate();
    if (changed) {
      await host.updateComplete;
      host.redraw();
    }
  }

  /** The message `key` in this widget's language (see i18n/index.js). */
  t = (key, params) => translate(this.locale, key, params);

  /** The same as parts for a template, where parameters may be markup. */
  parts = (key, params) => translateParts(this.locale, key, params);
}
