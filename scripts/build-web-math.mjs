// The demo's formulas typeset when the pages are built, not in the reader's browser: every
// <span|div class="tex[ display]" data-tex="…"></…> of a page gets KaTeX's MathML inside it, as
// web/demo/lesson-page.js's renderMath() would write it at load. The page then ships no KaTeX code (270 kB of
// script a phone would download and run before the lesson shows); renderMath() only typesets a formula
// that arrives without its MathML (it loads KaTeX for that alone).
import katex from 'katex';
import { KATEX_OPTIONS } from '../web/demo/katex-options.js';

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (s) =>
  s.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (all, dec, hex, name) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : (ENTITIES[name] ?? all),
  );

/** `html` with every empty `.tex[data-tex]` element typeset (display mode for `.display`). */
export function typesetMath(html) {
  // (attributes after data-tex, such as a formula's name data-f, are kept)
  return html.replace(/<(span|div) class="tex( display)?" data-tex="([^"]*)"((?: [\w-]+="[^"]*")*)><\/\1>/g, (all, tag, display, tex, more) => {
    const math = katex.renderToString(unescape(tex), { ...KATEX_OPTIONS, displayMode: Boolean(display) });
    return `<${tag} class="tex${display ?? ''}" data-tex="${tex}"${more}>${math}</${tag}>`;
  });
}
