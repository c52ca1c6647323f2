// Size attributes declare their range once (`range` in each widget's property declarations, see
// web/src/widgets/ranges.js). This test reads those declarations from the running widgets and
// - checks each range against the engine option it feeds (web/src/engine/schema.js): a widget may draw less
//   than the engine takes, never more;
// - sets every ranged attribute to values just outside its range (and to a fraction, an odd number, NaN)
//   and expects one readable RangeError naming the attribute and its range, no page error, and a widget that
//   draws again once the value is back in range;
// - checks that docs/widgets.md gives each attribute the same range.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, tested, widgetPage, root } from './helpers.mjs';
import { ALL_WIDGET_TAGS } from '../../web/src/widgets/tags.js';
import { rangeText } from '../../web/src/widgets/ranges.js';
import { optionsOf } from '../../web/src/engine/schema.js';

let env;
let page;
let declared; // tag → [property, attribute, range, default value]
const TAGS = tested(ALL_WIDGET_TAGS);
before(async () => {
  env = await setup();
  page = await widgetPage(env, TAGS.map((t) => `<${t}></${t}>`).join(''));
  declared = await page.evaluate((tags) => {
    const out = {};
    for (const tag of tags) {
      const el = document.querySelector(tag);
      out[tag] = [...customElements.get(tag).elementProperties]
        .filter(([, o]) => o.range)
        .map(([p, o]) => [p, typeof o.attribute === 'string' ? o.attribute : p.toLowerCase(), o.range, el[p]]);
    }
    return out;
  }, TAGS);
});
after(async () => {
  await page?.close();
  await env?.close();
});

test('every size attribute declares its range, and each range lies inside the engine option it feeds', () => {
  const withRanges = Object.entries(declared).filter(([, list]) => list.length).map(([tag]) => tag);
  // the widgets without size attributes of their own: scaling and waves pass theirs to the engine unchanged,
  // the model widget reads its sizes from a config
  assert.deepEqual(TAGS.filter((t) => !withRanges.includes(t)).sort(), tested(['posenc-compare', 'posenc-model', 'posenc-scaling', 'posenc-waves']));
  const problems = [];
  for (const [tag, list] of Object.entries(declared)) {
    for (const [, attribute, range] of list) {
      if (!range.engine) continue;
      const [set, key] = range.engine.split('.');
      const option = Object.fromEntries(optionsOf(set))[key];
      const name = `${tag} ${attribute} (${range.engine})`;
      if (!option) {
        problems.push(`${name}: no such engine option`);
        continue;
      }
      const low = option.min ?? (option.above != null ? option.above : -Infinity);
      if (range.min < low || (option.above != null && range.min <= option.above)) problems.push(`${name}: min ${range.min} is below the engine's ${low}`);
      if (option.max != null && (range.max == null || range.max > option.max)) problems.push(`${name}: max ${range.max} is above the engine's ${option.max}`);
      if (option.kind === 'integer' && range.integer === false) problems.push(`${name}: the engine takes integers only`);
    }
  }
  assert.deepEqual(problems, []);
});

/** Values just outside a range, each with what the message should say it got. */
function outside({ min, max, integer = true, even = false }) {
  const values = [min - (even ? 2 : 1), NaN];
  if (max != null) values.push(max + (even ? 2 : 1));
  if (integer) values.push(min + 0.5);
  if (even) values.push(min + 1);
  return values;
}

test('a value outside a size attribute’s range is one readable RangeError naming it; back in range, the widget draws again', async () => {
  const wrong = [];
  for (const [tag, list] of Object.entries(declared)) {
    for (const [property, attribute, range, initial] of list) {
      for (const value of outside(range)) {
        const shown = await page.evaluate(
          async ([t, p, v]) => {
            const el = document.querySelector(t);
            el[p] = v;
            await el.whenReady();
            return [...el.shadowRoot.querySelectorAll('p.error[role="alert"]')].map((e) => e.textContent.trim());
          },
          [tag, property, value],
        );
        const expected = `RangeError: ${attribute} must be ${rangeText(range)} (got ${value})`;
        if (shown.length !== 1 || shown[0] !== expected) wrong.push(`${tag} ${attribute}=${value}: ${JSON.stringify(shown)}, expected “${expected}”`);
      }
      const recovered = await page.evaluate(
        async ([t, p, v]) => {
          const el = document.querySelector(t);
          el[p] = v;
          await el.whenReady();
          return el.shadowRoot.querySelectorAll('p.error[role="alert"]').length;
        },
        [tag, property, initial],
      );
      if (recovered) wrong.push(`${tag} ${attribute}: the error stays after ${attribute} is back to ${initial}`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.deepEqual(page.errors, []);
});

/** A bound as docs/widgets.md writes it: 65 536 (grouped from 10 000 on), 2^53 − 2 for the largest. */
const bound = (n) => (n === Number.MAX_SAFE_INTEGER - 1 ? '2^53 − 2' : n >= 10000 ? n.toLocaleString('en-US').replaceAll(',', ' ') : String(n));

test('docs/widgets.md gives every size attribute the range the widget declares', () => {
  const docs = readFileSync(join(root, 'docs/widgets.md'), 'utf8');
  const wrong = [];
  for (const [tag, list] of Object.entries(declared)) {
    const start = docs.indexOf(`### \`<${tag}>\``);
    const section = docs.slice(start, docs.indexOf('\n### ', start + 1));
    for (const [, attribute, range] of list) {
      const row = section.split('\n').find((line) => line.startsWith('|') && line.split('|')[1].includes(`\`${attribute}\``));
      const text = range.max != null ? `${bound(range.min)} … ${bound(range.max)}` : `≥ ${bound(range.min)}`;
      if (!row || !row.includes(text) || (range.even && !/\beven\b/.test(row))) wrong.push(`${tag} ${attribute}: “${text}”${range.even ? ' (even)' : ''} not in ${row ?? 'any row'}`);
    }
  }
  assert.deepEqual(wrong, []);
});
