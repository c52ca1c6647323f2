// Issue 24's rule for hand-written code: no source file over 400 lines, so that a file stays one idea a
// reader can hold. Generated files (scripts/gen-schema.mjs's targets: whole files, and the lines between a
// file's generated markers), message catalogues (messages.js, i18n/) and test fixtures are not hand-written code.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { TARGETS } from '../../scripts/gen-schema.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const MAX_LINES = 400;
const SOURCE = /\.(m?js|ts|cpp|hpp|c|h|py|sh|css|html)$/;
const NOT_CODE = [/(^|\/)messages\.js$/, /^web\/src\/i18n\//, /^web\/demo\/i18n\//, /^tests\/fixtures\/.*\.json$/, /^tests\/fuzz\/corpus\//, /\.inc$/];

/** The lines of `file` a person wrote: all of them, less what the generator writes (whole, or between markers). */
function handLines(file, text) {
  const targets = TARGETS.filter((t) => t.file === file);
  if (targets.some((t) => !t.begin)) return 0;
  let lines = text.split('\n').length;
  for (const { begin, end } of targets) {
    const a = text.indexOf(begin);
    const b = text.indexOf(end, a);
    if (a >= 0 && b > a) lines -= text.slice(a, b).split('\n').length - 1;
  }
  return lines;
}

test(`no hand-written source file is over ${MAX_LINES} lines`, () => {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter((f) => SOURCE.test(f) && !NOT_CODE.some((r) => r.test(f)));
  assert.ok(files.length > 100, `git ls-files found the sources (${files.length})`);
  const long = files
    .map((file) => ({ file, lines: handLines(file, readFileSync(`${root}${file}`, 'utf8')) }))
    .filter((f) => f.lines > MAX_LINES)
    .map((f) => `${f.file}: ${f.lines}`);
  assert.deepEqual(long, [], 'split these by what they do (a model, its painters, its view; CONTRIBUTING.md)');
});
