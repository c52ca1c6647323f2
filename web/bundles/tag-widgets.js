// The widgets with a script of their own in dist/tag/ (scripts/build-web-tag.mjs builds them, ./tag-core.js
// names a missing one to the page): every one but <posenc-train>, whose trainer (its wasm build, the worker's
// engine) would make its script about as heavy as the one-tag script that carries everything.
import { METHOD_WIDGET_TAGS, MODEL_WIDGET_TAGS, WIDGET_TAGS } from '../src/widgets/tags.js';

export const TAG_WIDGETS = [...WIDGET_TAGS, ...METHOD_WIDGET_TAGS, ...MODEL_WIDGET_TAGS];
