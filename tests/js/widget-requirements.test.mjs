// What the shared browser tests need of a widget is said by gen-schema from its descriptor
// (scripts/gen-widgets-checks.mjs): every widget provides it, and a widget that lacks a piece hears which
// file to change, how, and which test needs it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { widgetProblems } from '../../scripts/gen-widgets-checks.mjs';
import { descriptors } from '../../scripts/gen-widgets.mjs';

const widgets = fileURLToPath(new URL('../../web/src/widgets/', import.meta.url));
const all = await descriptors();
const alibi = all.find((d) => d.name === 'alibi');
const problems = (change) => widgetProblems(change(structuredClone({ ...alibi, about: { ...alibi.about } })), `${widgets}alibi`);

test('every widget provides what the shared tests need', () => {
  for (const d of all) assert.deepEqual(widgetProblems(d, `${widgets}${d.name}`), [], d.name);
});

test('a method widget without its NPY export is told to list it, and why', () => {
  const [p, ...rest] = problems((d) => ((d.about.exports = ['csv', 'png', 'pytorch']), d));
  assert.deepEqual(rest, []);
  assert.match(p, /^web\/src\/widgets\/alibi\/descriptor\.js: about\.exports lacks 'npy': .*tests\/browser\/methods\.test\.mjs \(checkExports\).*exports: \['csv', 'npy', 'png', 'pytorch'\]$/);
});

test('a range wider than the engine option it feeds, or a method widget with nothing to step, is named with the fix', () => {
  assert.match(problems((d) => ((d.properties.heads.max = 5000), d)).join('\n'), /properties\.heads\.max \(5000\) must be at most AlibiBiasOptions\.heads's 4096/);
  assert.match(problems((d) => ((d.properties.heads.engine = 'AlibiBiasOptions.head'), d)).join('\n'), /names AlibiBiasOptions\.head, which is no option/);
  const flat = problems((d) => {
    for (const p of Object.values(d.properties)) delete p.max, delete p.values;
    return d;
  });
  assert.ok(flat.some((m) => /no setting with min and max .*repaints every method widget/.test(m)), flat.join('\n'));
});
