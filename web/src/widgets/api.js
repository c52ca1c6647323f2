// The widgets' page API bar the widget classes: what posenc/widgets exports besides them (./all.js), and what
// dist/tag/'s core offers as the global `posenc` (web/bundles/tag-core.js), as the one-tag script does.
export { PosencElement } from './base.js';
export { setEngine, getEngine } from './engine.js';
export { getChannel, SelectionChannel } from '../state/channel.js';
export { syncWithUrl, encodeState, decodeState } from '../state/url.js';

// Every word in the page's language: add a catalogue with registerLocale('fr', { 'heatmap.title': … }).
export { registerLocale, locales, messageKeys } from '../i18n/index.js';

export { WIDGET_TAGS, METHOD_WIDGET_TAGS, MODEL_WIDGET_TAGS, TRAIN_WIDGET_TAGS, ALL_WIDGET_TAGS } from './tags.js';
