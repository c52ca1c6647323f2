// What <posenc-pipeline> shows: a token's vectors stage by stage (embedding lookup, the optional √d_model
// scaling, the engine's positional encoding, their sum and the optional dropout), and each stage's title and
// explanation in the reader's language.

import { formatNumber } from '../../i18n/index.js';
import { tokenId, tokenEmbedding, prng } from '../toy.js';

/** Stages shown for the settings: token, embedding, PE and sum, plus scaling and dropout when on. */
export const stageCount = ({ scale, dropout }) => 4 + (scale ? 1 : 0) + (dropout ? 1 : 0);

/** Dropout probability drawn: dropout-rate within [0, 0.9] (at 1 nothing would survive to rescale). */
export const dropoutP = (rate) => Math.min(0.9, Math.max(0, rate));

/** { id, stages: [{ key, vector?, dropped? }] }: the vectors of each stage, from the engine. */
export function computeStages(pe, { token, position: pos, dModel: d, base, scale, dropout, rate: p }) {
  const sqrtD = Math.sqrt(d);
  const id = tokenId(token);
  const emb = tokenEmbedding(pe, token, d, 1 / sqrtD);
  const stages = [{ key: 'token' }, { key: 'embedding', vector: emb }];
  let x = emb;
  if (scale) {
    x = Float32Array.from(emb, (v) => v * sqrtD);
    stages.push({ key: 'scaled', vector: x });
  }
  const pev = pe.sinusoidal({ length: 1, offset: pos, dModel: d, base });
  stages.push({ key: 'pe', vector: pev });
  const sum = Float32Array.from(x, (v, i) => v + pev[i]);
  stages.push({ key: 'sum', vector: sum });
  if (dropout) {
    const rnd = prng(id * 131 + pos);
    const kept = new Float32Array(d);
    const dropped = new Uint8Array(d);
    for (let i = 0; i < d; i++) {
      if (rnd() < p) dropped[i] = 1;
      else kept[i] = sum[i] / (1 - p);
    }
    stages.push({ key: 'dropout', vector: kept, dropped });
  }
  return { id, stages };
}

/** The computed stages with their titles, shapes and explanations (`t`, `locale`: the widget's language). */
export function labelStages({ id, stages }, { token, position: pos, dModel: d, rate: p }, t, locale) {
  const labels = {
    token: () => ({ title: t('pipeline.stage.token'), shape: `"${token}"`, text: t('pipeline.stage.token.text', { position: pos, id: String(id) }) }),
    embedding: () => ({ title: t('pipeline.stage.embedding'), text: t('pipeline.stage.embedding.text', { id: String(id) }) }),
    scaled: () => ({ title: t('pipeline.stage.scaled', { factor: formatNumber(locale, Math.sqrt(d), 3) }), text: t('pipeline.stage.scaled.text') }),
    pe: () => ({ title: t('pipeline.stage.pe', { position: pos }), text: t('pipeline.stage.pe.text') }),
    sum: () => ({ title: t('pipeline.stage.sum'), text: t('pipeline.stage.sum.text') }),
    dropout: () => ({ title: t('pipeline.stage.dropout', { p }), text: t('pipeline.stage.dropout.text', { p, keep: formatNumber(locale, 1 - p, 2) }) }),
  };
  return stages.map((s) => ({ key: s.key, shape: `[${d}]`, ...labels[s.key](), ...(s.vector ? { vector: s.vector } : {}), ...(s.dropped ? { dropped: s.dropped } : {}) }));
}
