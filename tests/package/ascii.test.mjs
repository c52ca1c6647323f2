// The shipped scripts are pure ASCII (scripts/build-web.mjs): escapeNonAscii must not change what the code
// does where esbuild leaves non-ASCII text (tagged templates, regex literals), and checkAscii must stop the
// build on a file that is not ASCII. The built bundles themselves, in legacy-encoded pages, are checked by
// tests/browser/hosts-delivery.test.mjs.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { after, test } from 'node:test';
import { transform } from 'esbuild';
import { checkAscii, escapeNonAscii } from '../../scripts/build-web.mjs';

const work = mkdtempSync(join(tmpdir(), 'posenc-ascii-'));
after(() => rmSync(work, { recursive: true, force: true }));

// Every kind of literal that can hold non-ASCII text, as the widgets and Lit use them. The tag returns
// the cooked strings (what Lit's html`` and css`` read).
const SAMPLE = [
  'const tag = (strings, ...values) => strings.join("|") + "#" + values.join("|");',
  'const name = "x\u00e9";',
  'out = {',
  '  html: tag`<p>ids \u2260 1 \u2192 ${name} \u2212 2 \u00d7 3 \u00b7 \u03b8</p>`,',
  '  css: tag`:host { --arrow: "\u2192"; } /* 10\u207b\u2074 */ .x::after { content: "\u00b7"; }`,',
  '  astral: tag`\u{1d306} ${name}`,',
  '  identity: tag`\\\u2014`,', // an identity escape, `\—`: means "—"
  '  slash: tag`\\\\\u2014`,', // an escaped backslash, then "—"
  '  plain: `\u03b8 ${name} \u2264`,',
  '  string: "\u2026",',
  '  ranges: ["\u03b1", "\u03c9", "a", "\u2013"].map((c) => /[\u03b1-\u03c9\u2013]/.test(c)),',
  '  unicode: [/^\u{1d306}+$/u.test("\u{1d306}\u{1d306}"), /^[\u{1d306}]$/u.test("\u{1d306}"), /^.$/u.test("\u{1d306}")],',
  '  split: "a\u2014b\u2013c".split(/[\u2013\u2014]/),',
  '  caf\u00e9: 1,',
  '};',
].join('\n');

const run = (code) => {
  const context = {};
  runInNewContext(code, context);
  return JSON.parse(JSON.stringify(context.out));
};
const nonAscii = (text) => text.search(/[^\x00-\x7f]/);

test("escapeNonAscii makes esbuild's minified output ASCII without changing what it computes", async () => {
  const { code } = await transform(SAMPLE, { minify: true, charset: 'ascii' });
  // what the build meets: esbuild's ASCII charset still leaves tagged templates and regex literals as they are
  assert.ok(nonAscii(code) >= 0, 'esbuild leaves some non-ASCII text (else this test checks nothing)');
  const escaped = escapeNonAscii(code);
  assert.equal(nonAscii(escaped), -1, `ASCII: ${escaped.slice(nonAscii(escaped) - 20, nonAscii(escaped) + 20)}`);
  const want = run(SAMPLE);
  assert.deepEqual(run(code), want);
  assert.deepEqual(run(escaped), want);
  // and the expected values, so that the sample itself is what it claims
  assert.equal(want.html, '<p>ids \u2260 1 \u2192 | \u2212 2 \u00d7 3 \u00b7 \u03b8</p>#x\u00e9');
  assert.equal(want.identity, '\u2014#');
  assert.equal(want.slash, '\\\u2014#');
  assert.deepEqual(want.ranges, [true, true, false, true]);
  assert.deepEqual(want.unicode, [true, true, true]);
  assert.deepEqual(want.split, ['a', 'b', 'c']);
});

test('escapeNonAscii on the raw source too (every literal kind, comments)', () => {
  const escaped = escapeNonAscii(`${SAMPLE}\n// a comment \u2192 ${'\u00e9'}\n/* \u{1d306} */`);
  assert.equal(nonAscii(escaped), -1);
  assert.deepEqual(run(escaped), run(SAMPLE));
});

test('checkAscii names the file and the first non-ASCII character by line and column', () => {
  const ok = join(work, 'ok.js');
  writeFileSync(ok, 'const a = "\\u2192";\n');
  assert.doesNotThrow(() => checkAscii(ok));
  const bad = join(work, 'bad.js');
  writeFileSync(bad, 'const a = 1;\nconst b = html`ids \u2260 1`, c = "\u2192";\n');
  assert.throws(() => checkAscii(bad), (err) => {
    assert.match(err.message, new RegExp(`^build-web: ${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not pure ASCII`));
    assert.match(err.message, /first at line 2, column 20: U\+2260 in ".*const b = html`ids \u2260 1`/);
    assert.match(err.message, /windows-1252/);
    return true;
  });
});
