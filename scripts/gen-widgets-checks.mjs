// What the shared tests need of every widget, checked from its descriptor and its files when
// scripts/gen-schema.mjs reads it, so a contributor hears it in a second, with the fix, instead of from a
// browser test minutes later (CONTRIBUTING.md, section 3, "What the shared tests need" lists the same rules,
// and the browser tests that rely on each). Each rule returns the problems of one widget as sentences:
// what is missing, what to write, and which test needs it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { OPTION_SETS, optionsOf } from '../web/src/engine/schema.js';

/** The exports every widget's toolbar offers, and what makes each one work. */
const EXPORTS = {
  csv: { method: 'toCSV', what: 'toCSV() returning the numbers the picture shows (the NPY export reads its columns too, unless toArray() says otherwise)' },
  png: { method: 'exportCanvas', what: 'async exportCanvas() returning this.picture([canvases], title)' },
};

/** The source of a widget's own modules (its folder's .js files, tests and messages aside). */
function sources(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js') && !f.endsWith('.test.mjs') && f !== 'descriptor.js' && f !== 'messages.js')
    .map((f) => readFileSync(`${dir}/${f}`, 'utf8'))
    .join('\n');
}
const defines = (source, method) => new RegExp(`^\\s+(?:async\\s+)?${method}\\(`, 'm').test(source);

/**
 * The problems of one widget ({ name, tag, properties, about } of its descriptor, `dir` its folder), each a
 * sentence that names the file, the fix and the test that needs it; [] when it provides everything.
 */
export function widgetProblems({ name, properties, about }, dir) {
  const problems = [];
  const at = `web/src/widgets/${name}`;
  const exports = about.exports ?? [];
  const source = sources(dir);

  // exports: the toolbar always offers CSV, NPY and PNG; the shared tests download each
  const test = about.part === 'methods' ? 'tests/browser/methods.test.mjs (checkExports)' : 'the exports test of its part (checkExports)';
  for (const x of ['csv', 'npy', 'png'])
    if (!exports.includes(x)) problems.push(`${at}/descriptor.js: about.exports lacks '${x}': every widget's toolbar offers CSV, NPY and PNG and ${test} downloads each; list them: exports: ['csv', 'npy', 'png'${exports.includes('pytorch') ? ", 'pytorch'" : ''}]`);
  for (const [x, { method, what }] of Object.entries(EXPORTS))
    if (!defines(source, method)) problems.push(`${at}/posenc-${name}.js: no ${method}(): the ${x.toUpperCase()} export would be empty and ${test} fails; write ${what}`);
  const pytorch = defines(source, 'toPyTorch');
  if (pytorch !== exports.includes('pytorch'))
    problems.push(pytorch ? `${at}/descriptor.js: the element has toPyTorch() (its toolbar shows Copy as PyTorch): add 'pytorch' to about.exports` : `${at}/descriptor.js: about.exports lists 'pytorch' but the element has no toPyTorch(): write it, or drop 'pytorch'`);

  // names: the toolbar's accessible name and the widget's title, in English and both translations
  const words = existsSync(`${dir}/messages.js`) ? readFileSync(`${dir}/messages.js`, 'utf8') : '';
  for (const [locale, block] of [['en', 'en'], ['es', 'es'], ['zh-CN', 'zhCN']])
    if (!new RegExp(`^export const ${block} = \\{`, 'm').test(words))
      problems.push(`${at}/messages.js: no \`export const ${block} = { … }\`: every string the widget shows or speaks, in ${locale}, one block per language (tests/browser/i18n.test.mjs reads the widget in each language)`);
  const en = /^export const en = \{[^]*?^\};/m.exec(words)?.[0] ?? '';
  if (en && !en.includes(`'widget.${name}'`))
    problems.push(`${at}/messages.js: no 'widget.${name}' in \`en\`: the toolbar's accessible name ("Export tools of the <name> widget", tests/browser/a11y.test.mjs); add 'widget.${name}': '<what a screen reader calls it>'`);

  // settings: the engine option each one feeds exists, and a checked range lies inside it
  // (tests/browser/attribute-ranges.test.mjs)
  for (const [key, p] of Object.entries(properties)) {
    if (!p.engine) continue;
    const [set, option] = p.engine.split('.');
    const o = OPTION_SETS[set] && Object.fromEntries(optionsOf(set))[option];
    if (!o) {
      problems.push(`${at}/descriptor.js: properties.${key}.engine names ${p.engine}, which is no option of web/src/engine/schema.js: write '<OptionSet>.<option>' of the option it is passed to`);
      continue;
    }
    if (p.min === undefined && p.max === undefined) continue; // no checked range: the engine's own check speaks
    const low = o.min ?? o.above ?? -Infinity;
    if (p.min === undefined || p.min < low || (o.above !== undefined && p.min <= o.above)) problems.push(`${at}/descriptor.js: properties.${key}.min (${p.min}) must lie inside ${p.engine}, which starts ${o.above !== undefined ? `above ${o.above}` : `at ${low}`} (tests/browser/attribute-ranges.test.mjs)`);
    if (o.max !== undefined && (p.max === undefined || p.max > o.max)) problems.push(`${at}/descriptor.js: properties.${key}.max (${p.max}) must be at most ${p.engine}'s ${o.max}: a widget may draw less than the engine takes, never more (tests/browser/attribute-ranges.test.mjs)`);
  }

  // a method widget is stepped through its first setting with a checked range or named values
  if (about.part === 'methods' && !Object.values(properties).some((p) => (p.kind === 'integer' && p.min != null && p.max != null) || (p.kind === 'name' && p.values)))
    problems.push(`${at}/descriptor.js: no setting with min and max (an integer) or values (a name): tests/browser/methods.test.mjs repaints every method widget through its first such setting; give one its range`);
  return problems;
}
