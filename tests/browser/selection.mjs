// One widget at a time: `npm run test:widget <name>` (scripts/test-widget.mjs) sets POSENC_TEST_WIDGET, and
// the shared browser tests then check that widget alone and skip what is about pages or the whole set, so a
// contributor hears about one widget in a minute instead of waiting for every widget's pass.
import { ALL_WIDGET_TAGS } from '../../web/src/widgets/tags.js';

const name = process.env.POSENC_TEST_WIDGET?.replace(/^posenc-/, '');
if (name && !ALL_WIDGET_TAGS.includes(`posenc-${name}`))
  throw new Error(`POSENC_TEST_WIDGET=${name}: no such widget (known: ${ALL_WIDGET_TAGS.map((t) => t.slice(7)).join(', ')})`);

/** The tag of the one widget under test (posenc-<name>), or null when every widget is. */
export const ONE_WIDGET = name ? `posenc-${name}` : null;

/** `tags` (a list of posenc-* tags), narrowed to the one widget under test when there is one. */
export const tested = (tags) => (ONE_WIDGET ? tags.filter((t) => t === ONE_WIDGET) : tags);

/** node:test options for a test about pages or every widget at once: skipped while one widget is tested. */
export const wholeSet = ONE_WIDGET ? { skip: `about every widget or a page, not ${ONE_WIDGET} alone` } : {};
