// Frameworks that render pages in the browser (React 19 in Docusaurus, Vue in VitePress) set markup values as
// properties, as strings: `<posenc-heatmap length="20">` becomes `el.length = "20"`. For every number, list and
// boolean property of every widget (read from the widgets' own declarations), this test sets the value as
// the attribute, as the string the attribute holds, and as a number / array / boolean, and checks the three
// widgets draw the same; then that text which is not a number gives one message naming what was given.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ONE_WIDGET, setup, tested, wholeSet, widgetPage } from './helpers.mjs';
import { ALL_WIDGET_TAGS as EVERY_TAG } from '../../web/src/widgets/tags.js';

const ALL_WIDGET_TAGS = tested(EVERY_TAG);

let env;
let page;
before(async () => {
  env = await setup({ reducedMotion: 'reduce' });
  page = await widgetPage(env, '');
  await page.evaluate(() => {
    // what a widget shows: its property values, messages, CSV and every canvas's pixels
    window.look = async (el) => {
      await el.whenReady();
      const root = el.shadowRoot;
      return JSON.stringify({
        messages: [...root.querySelectorAll('.error')].map((e) => e.textContent.trim()),
        csv: el.toCSV(),
        canvases: [...root.querySelectorAll('canvas')].map((c) => `${c.width}x${c.height}:${c.width && c.height ? c.toDataURL() : ''}`),
      });
    };
    // the number, list and boolean properties of a widget, each with a value to try, written as its attribute
    window.declared = (tag) => {
      const el = document.createElement(tag);
      const out = [];
      for (const [property, o] of customElements.get(tag).elementProperties) {
        if (o.state || o.attribute === false || ![Number, Array, Boolean].includes(o.type)) continue;
        const attribute = typeof o.attribute === 'string' ? o.attribute : property.toLowerCase();
        const initial = el[property];
        let texts;
        if (o.type === Boolean) texts = ['', 'false']; // an attribute is true when present, whatever its text
        else if (o.type === Array) {
          // a list of integers (its converter drops "x") or of words
          const ints = o.converter.fromAttribute('1,x').length === 1;
          texts = [ints ? '1, 2' : 'The,cat,sat'];
          if (initial.length) texts.push([...initial].reverse().join(','));
        } else {
          const r = o.range;
          let other = initial + 1;
          if (r?.even) other = initial + 2;
          if (r && r.max != null && other > r.max) other = initial - (r.even ? 2 : 1);
          if (!Number.isInteger(initial)) other = initial / 2;
          texts = [String(initial), ` ${other} `];
        }
        out.push({ property, attribute, type: o.type.name, texts });
      }
      return out;
    };
  });
});
after(async () => {
  await page?.close();
  await env?.close();
});

test('each number, list and boolean property set as a string, or typed, draws what the attribute draws', async () => {
  const problems = [];
  let cases = 0;
  for (const tag of ALL_WIDGET_TAGS) {
    const list = await page.evaluate((t) => window.declared(t), tag);
    assert.ok(list.length > 0, `${tag} declares number, list or boolean properties`);
    for (const { property, attribute, type, texts } of list) {
      for (const text of texts) {
        cases++;
        const found = await page.evaluate(
          async ([t, p, a, text]) => {
            const byAttribute = document.createElement(t);
            byAttribute.setAttribute(a, text);
            const byString = document.createElement(t);
            byString[p] = text;
            const typed = document.createElement(t);
            document.body.replaceChildren(byAttribute, byString, typed);
            await byAttribute.whenReady();
            typed[p] = Array.isArray(byAttribute[p]) ? [...byAttribute[p]] : byAttribute[p];
            const [want, fromString, fromTyped] = [await window.look(byAttribute), await window.look(byString), await window.look(typed)];
            const out = [];
            if (JSON.stringify(byString[p]) !== JSON.stringify(byAttribute[p]))
              out.push(`the string gives ${JSON.stringify(byString[p])}, the attribute ${JSON.stringify(byAttribute[p])}`);
            if (fromString !== want) out.push('set as a string it draws differently from the attribute');
            if (fromTyped !== want) out.push(`set as ${JSON.stringify(typed[p])} it draws differently from the attribute`);
            if (JSON.parse(want).messages.length && !/^(Range|Type)Error|:/.test(JSON.parse(want).messages[0])) out.push(`message ${JSON.parse(want).messages[0]}`);
            return out;
          },
          [tag, property, attribute, text],
        );
        for (const f of found) problems.push(`${tag}.${property} (${type}) = ${JSON.stringify(text)}: ${f}`);
      }
    }
  }
  assert.ok(cases > (ONE_WIDGET ? 0 : 100), `${cases} cases`);
  assert.deepEqual(problems, []);
  assert.deepEqual(page.errors, []);
});

test('text that is not a number, as a number property or attribute, is one message naming the string given', async () => {
  const problems = [];
  for (const tag of ALL_WIDGET_TAGS) {
    const list = (await page.evaluate((t) => window.declared(t), tag)).filter((d) => d.type === 'Number');
    for (const { property, attribute } of list) {
      const shown = await page.evaluate(
        async ([t, p, a]) => {
          const byString = document.createElement(t);
          byString[p] = 'ten';
          const byAttribute = document.createElement(t);
          byAttribute.setAttribute(a, 'ten');
          document.body.replaceChildren(byString, byAttribute);
          const messages = [];
          for (const el of [byString, byAttribute]) {
            await el.whenReady();
            messages.push([...el.shadowRoot.querySelectorAll('.error')].map((e) => e.textContent.trim()).join(' | '));
          }
          // the property stays a number (widgets compute with it); back to a number, the message goes
          messages.push(typeof byString[p], typeof byAttribute[p]);
          byString[p] = document.createElement(t)[p];
          await byString.whenReady();
          messages.push([...byString.shadowRoot.querySelectorAll('.error[role=alert]')].map((e) => e.textContent.trim()).join(' | '));
          return messages;
        },
        [tag, property, attribute],
      );
      const want = `TypeError: ${attribute} must be a number (got the string "ten")`;
      if (shown[0] !== want) problems.push(`${tag}.${property} = "ten": ${JSON.stringify(shown[0])}`);
      if (shown[1] !== want) problems.push(`${tag} ${attribute}="ten": ${JSON.stringify(shown[1])}`);
      if (shown[2] !== 'number' || shown[3] !== 'number') problems.push(`${tag}.${property} holds ${shown[2]} / ${shown[3]}, not a number`);
      if (shown[4] !== '') problems.push(`${tag}.${property} back to a number still shows ${JSON.stringify(shown[4])}`);
    }
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(page.errors, []);
});

test('the messages name a string in the reader’s language', wholeSet, async () => {
  const shown = await page.evaluate(async () => {
    const out = [];
    for (const lang of ['es', 'zh-CN']) {
      const el = document.createElement('posenc-heatmap');
      el.lang = lang;
      el.length = 'veinte';
      document.body.replaceChildren(el);
      await el.whenReady();
      out.push(el.shadowRoot.querySelector('.error[role=alert]').textContent.trim());
    }
    return out;
  });
  assert.deepEqual(shown, ['TypeError: length debe ser un número (se dio el texto "veinte")', 'TypeError: length 必须是数字（收到的是 字符串“veinte”）']);
});
