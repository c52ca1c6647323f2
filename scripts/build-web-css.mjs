// The widgets' styles are Lit `css` literals, which esbuild's minifier leaves as written: their comments and
// indentation (about 4 KiB of gzip in the one-tag script) would ship to every page. This esbuild plugin
// minifies the static text of each css`...` literal in web/src when a bundle is built: comments are dropped,
// whitespace runs become one space, and the spaces around { } ; and after : go (not after a comma: Chromium
// keeps a custom property's value, a var() fallback, as written). Quoted CSS strings are kept
// as written; a space before ':' is kept (it is a descendant combinator in "a :hover"), and so is every other
// space. The `${...}` parts are JavaScript and untouched. (minify-html-literals does this with clean-css and
// html-minifier, a few hundred KiB of dependencies for what the rules above do.)
import { readFile } from 'node:fs/promises';

/** The static CSS text of a literal, minified (strings kept, comments dropped). */
export function minifyCss(text) {
  const quoted = /"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/.source;
  return text
    .replace(new RegExp(`(${quoted})|\\/\\*[\\s\\S]*?\\*\\/|(\\s+)`, 'g'), (all, string, space) => string ?? (space ? ' ' : ''))
    .replace(new RegExp(`(${quoted})|\\s*;\\s*(?=})|\\s*([{};])\\s*|:\\s+`, 'g'), (all, string, punct) => string ?? punct ?? (all.startsWith(':') ? ':' : ''));
}

/**
 * The css`...` literals of a module's source: for each, where its text starts and ends (inside the
 * backticks) and its parts, static CSS ({ css }) and `${name}` expressions ({ expr }, as written).
 */
export function cssLiteralsOf(source) {
  const literals = [];
  for (let at = source.indexOf('css`'); at >= 0; at = source.indexOf('css`', at)) {
    const literal = { start: at + 4, parts: [] };
    let chunk = '';
    let i = literal.start;
    for (;;) {
      const c = source[i];
      if (c === undefined) throw new Error('build-web-css: a css` literal does not end');
      if (c === '\\') {
        chunk += source.slice(i, i + 2);
        i += 2;
      } else if (c === '`') {
        literal.parts.push({ css: chunk });
        break;
      } else if (c === '$' && source[i + 1] === '{') {
        const close = source.indexOf('}', i);
        const expr = source.slice(i, close + 1);
        if (/[`{]/.test(expr.slice(2))) throw new Error(`build-web-css: a css\` literal has an expression more than a name: ${expr}`);
        literal.parts.push({ css: chunk }, { expr });
        chunk = '';
        i = close + 1;
      } else {
        chunk += c;
        i += 1;
      }
    }
    literal.end = i;
    literals.push(literal);
    at = i + 1;
  }
  return literals;
}

/** The module's source with the static text of every css`...` literal minified; the rest as it was. */
export function minifyCssLiterals(source) {
  let out = '';
  let at = 0;
  for (const { start, end, parts } of cssLiteralsOf(source)) {
    out += source.slice(at, start) + parts.map((p) => p.expr ?? minifyCss(p.css)).join('');
    at = end;
  }
  return out + source.slice(at);
}

export const cssLiterals = {
  name: 'posenc-css-literals',
  setup(b) {
    b.onLoad({ filter: /[\\/]web[\\/]src[\\/].*\.js$/ }, async (a) => {
      const source = await readFile(a.path, 'utf8');
      return source.includes('css`') ? { contents: minifyCssLiterals(source), loader: 'js' } : undefined;
    });
  },
};
