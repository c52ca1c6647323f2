// The widgets with a script of their own in dist/tag/ (scripts/build-web-tag.mjs builds them, ./tag-core.js
// names a missing one to the page): those of lesson parts 1 and 2, which need neither the engine's trainer nor
// its config reader, which the core leaves out to stay light.
import { METHOD_WIDGET_TAGS, WIDGET_TAGS } from '../src/widgets/tags.js';

export const TAG_WIDGETS = [...WIDGET_TAGS, ...METHOD_WIDGET_TAGS];
