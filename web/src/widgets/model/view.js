// Parts of <posenc-model>'s view: its precision table, its layer strip (one block per layer, coloured by its RoPE, low when its attention slides or
// is chunked, hollow without RoPE) and the panel for configs whose position method is not RoPE (ALiBi slopes,
// a learned table with OPT's and RoBERTa's offsets, T5 buckets), which links to the widget that explains it.

import { html, nothing } from 'lit';
import { formatNumber, formatSci } from '../../i18n/index.js';
import { plain } from '../../render/format.js';

/** The CSS classes of a layer's block: its RoPE ('rope-0', 'rope-1' …, or 'nope') and its attention kind. */
const blockClass = (l) => `layer ${l.rope === null ? 'nope' : `rope-${Math.min(l.rope, 2)}`} ${l.attention}`;

/** A layer in words: "layer 3: full attention, no RoPE". */
export function describeLayer(el, l, ropes) {
  const attention = el.t(`model.kind.${l.attention}`, { window: l.window == null ? '—' : el.whole(l.window) });
  const rope = l.rope === null ? el.t('model.noRope') : el.t('model.ropeBase', { base: formatNumber(el.locale, ropes[l.rope].base), n: l.rope + 1 });
  return el.t('model.layerIs', { layer: l.index, attention, rope });
}

/** The strip: a radio group of layers (arrows move, Home/End jump), and a legend counting each kind. */
export function renderLayerStrip(el, d) {
  const { layers, ropes } = d.all;
  if (layers.length < 2 || !d.layersDiffer) return nothing;
  const select = (i) => {
    el.layer = i;
    el.updateComplete.then(() => el.renderRoot.querySelector(`.layer[data-layer="${i}"]`)?.focus());
  };
  const onKey = (e) => {
    const n = layers.length;
    const next = { ArrowRight: d.layer + 1, ArrowDown: d.layer + 1, ArrowLeft: d.layer - 1, ArrowUp: d.layer - 1, Home: 0, End: n - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(Math.max(0, Math.min(n - 1, next)));
  };
  const groups = new Map();
  for (const l of layers) {
    const key = `${l.rope}|${l.attention}|${l.window}`;
    if (!groups.has(key)) groups.set(key, { l, count: 0 });
    groups.get(key).count++;
  }
  return html`<div class="strip">
    <div class="layers" role="radiogroup" aria-label=${el.t('model.layersAria', { count: layers.length })} @keydown=${onKey}>
      ${layers.map(
        (l) => html`<button
          type="button"
          role="radio"
          class=${blockClass(l)}
          data-layer=${l.index}
          aria-checked=${l.index === d.layer ? 'true' : 'false'}
          tabindex=${l.index === d.layer ? 0 : -1}
          title=${describeLayer(el, l, ropes)}
          aria-label=${describeLayer(el, l, ropes)}
          @click=${() => select(l.index)}
        ></button>`,
      )}
    </div>
    <ul class="legend">
      ${[...groups.values()].map(
        ({ l, count }) => html`<li><span class=${blockClass(l)} aria-hidden="true"></span>${el.t('model.legend', { count, what: describeLayer(el, l, ropes).replace(/^[^:]*: /, '') })}</li>`,
      )}
    </ul>
  </div>`;
}

/** What a NoPE layer does instead of rotating (Llama 4: temperature tuning). */
export function renderNope(el, d) {
  const l = d.all.layers[d.layer];
  const attention = el.t(`model.kind.${l.attention}`, { window: l.window == null ? '—' : el.whole(l.window) });
  const tuning = l.temperatureTuning ? el.t('model.temperature', { floor: el.whole(l.temperatureTuning.floorScale), scale: formatNumber(el.locale, l.temperatureTuning.attnScale) }) : '';
  return html`<p class="readout" data-role="nope" role="status">${el.t('model.nopeLayer', { layer: l.index, attention })}${tuning}
  </p>`;
}

// The widget that explains each method, opened on the embed page with this model's values.
const EXPLAINED_BY = {
  alibi: (m) => ['posenc-alibi', { heads: Math.min(m.heads, 64) }],
  learned: (m) => ['posenc-learned', { 'max-length': m.tableSize }],
  t5: (m) => ['posenc-t5', { 'num-buckets': m.numBuckets, 'max-distance': m.maxDistance }],
};

/** The panel of a model whose positions are not RoPE. */
export function renderMethod(el, m) {
  const link = EXPLAINED_BY[m.method]?.(m);
  const href = link && `embed.html?${new URLSearchParams({ widget: link[0], ...link[1] })}`;
  let body = nothing;
  if (m.method === 'alibi')
    body = html`<div class="scroll">
      <table class="grid" aria-label=${el.t('model.slopesAria')}>
        <thead><tr><th scope="col">${el.t('model.head')}</th><th scope="col" class="num">${el.t('model.slope')}</th></tr></thead>
        <tbody>
          ${Array.from(m.slopes, (s, h) => html`<tr><td class="num">${h}</td><td class="num" data-role="slope" data-value=${s}>${formatNumber(el.locale, s, 6)}</td></tr>`)}
        </tbody>
      </table>
    </div>`;
  const facts = {
    alibi: () => el.t(m.rule === 'mpt' ? 'model.alibiMpt' : 'model.alibiBloom', { heads: m.heads, max: m.alibiBiasMax ?? 8 }),
    learned: () => el.t(m.offset ? 'model.learnedOffset' : 'model.learned', { positions: el.whole(m.maxPositions), rows: el.whole(m.tableSize), offset: m.offset }),
    t5: () => el.t('model.t5', { buckets: m.numBuckets, distance: m.maxDistance }),
    none: () => el.t('model.none'),
  }[m.method];
  return html`<div class="method" data-method=${m.method}>
    <p class="readout" data-role="method">${facts()}</p>
    ${body}
    ${href ? html`<p><a class="explain" href=${href} target="_blank" rel="noopener">${el.tHtml('model.explain', { widget: html`<code>&lt;${link[0]}&gt;</code>` })}</a></p>` : nothing}
  </div>`;
}

/** The precision table: per dtype, the largest angle error, its pair, and the pairs that still move at the checked position. */
export function renderPrecision(el, d, dtypes) {
  const rows = dtypes.map((dtype) => {
    const pr = d.precision[dtype];
    const n = el._neighbours(dtype);
    return html`<tr data-dtype=${dtype}>
      <th scope="row" dir="ltr">${dtype}</th>
      <td class="num" data-value=${plain(pr.maxAngleError)}>${el.t('model.radians', { value: formatSci(el.locale, pr.maxAngleError, 2) })}</td>
      <td class="num">${pr.worstPair}</td>
      <td data-role="neighbours" data-value=${n.differ}>${el.t('model.pairsDiffer', { differ: n.differ, count: n.half })}</td>
    </tr>`;
  });
  return html`<div class="scroll">
    <table class="grid" aria-label=${el.t('model.precisionAria')}>
      <thead>
        <tr>
          <th scope="col">${el.t('model.arithmetic')}</th>
          <th scope="col" class="num">${el.t('model.angleError')}</th>
          <th scope="col" class="num">${el.t('model.worstPair')}</th>
          <th scope="col">${el.t('model.differ', { a: el.whole(el._checkAt), b: el.whole(el._checkAt + 1) })}</th>
        </tr>
      </thead>
      <tbody>${rows}</tbody>
    </table>
  </div>`;
}
