// The widgets' css literals ship minified (scripts/build-web-css.mjs): for every literal in web/src,
// Chromium reads the minified text as the same style sheet as the text as written (every rule's cssText
// equal, nested @media and @supports rules included), so minifying can drop bytes and never a rule.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, root } from './browser.mjs';
import { cssLiteralsOf, minifyCss } from '../../scripts/build-web-css.mjs';

let browser;
before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
});
after(() => browser?.close());

const sources = readdirSync(join(root, 'web/src'), { recursive: true })
  .filter((f) => f.endsWith('.js'))
  .map((f) => join(root, 'web/src', f))
  .filter((f) => readFileSync(f, 'utf8').includes('css`'));

test('css literals: each minified literal is the style sheet its source is, in Chromium', async () => {
  // an expression stands in as a class selector: they are selectors or whole rules (pickedChipStyles, palettes)
  const sheets = [];
  for (const file of sources) {
    for (const [n, { parts }] of cssLiteralsOf(readFileSync(file, 'utf8')).entries()) {
      const text = (minify) => parts.map((p) => (p.expr ? '.posenc-expression' : minify ? minifyCss(p.css) : p.css)).join('');
      sheets.push({ name: `${relative(root, file)} literal ${n + 1}`, written: text(false), minified: text(true) });
    }
  }
  assert.ok(sheets.length >= 20, `only ${sheets.length} css literals found in web/src`);
  const page = await browser.newPage();
  const rules = await page.evaluate((sheets) => {
    const read = (text) => {
      const sheet = new CSSStyleSheet();
      // a palette literal is declarations alone: read it as the body of a rule
      sheet.replaceSync(/^[\s;]*--/.test(text) ? `.palette{${text}}` : text);
      const all = [];
      const walk = (list) => {
        for (const r of list) {
          all.push(r.cssText);
          if (r.cssRules) walk(r.cssRules);
        }
      };
      walk(sheet.cssRules);
      return all;
    };
    return sheets.map(({ name, written, minified }) => ({ name, written: read(written), minified: read(minified) }));
  }, sheets);
  for (const { name, written, minified } of rules) {
    assert.ok(written.length > 0, `${name}: Chromium reads no rule`);
    assert.deepEqual(minified, written, name);
  }
  // and the bytes do go: the minified text is shorter by its comments and indentation
  const saved = sheets.reduce((s, x) => s + x.written.length - x.minified.length, 0);
  assert.ok(saved > 10000, `minifying saves only ${saved} characters`);
});

test('css literals: strings, a space before a colon, after a comma and in values are kept', () => {
  assert.equal(minifyCss(' a :hover ,  b::before { content: "  x;} /* y */" ; margin : 0 calc(1px + 2px) }\n'), ' a :hover , b::before{content:"  x;} /* y */";margin :0 calc(1px + 2px)}');
  assert.equal(minifyCss('/* a comment */ @media (max-width: 600px) and (hover: none) { .x { grid-template-areas: "a b"  \'c d\'; } }'), ' @media (max-width:600px) and (hover:none){.x{grid-template-areas:"a b" \'c d\'}}');
});
