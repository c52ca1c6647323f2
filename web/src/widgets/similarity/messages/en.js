// <posenc-similarity>'s messages in English, the fallback of every other language. {name} is a placeholder; an
// object holds plural forms chosen by {count} (Intl.PluralRules). Assembled into web/src/widgets/catalogues/en.js.
export default {
  'widget.similarity': 'similarity',

  'similarity.title': 'Similarity between positions',
  'similarity.metric.cosine': 'cosine similarity',
  'similarity.metric.dot': 'dot product',
  'similarity.metric.euclidean': 'Euclidean distance',
  'similarity.metricLabel': 'Metric',
  'similarity.metricAria': 'Similarity metric',
  'similarity.roledescription': 'interactive matrix',
  'similarity.aria': 'Matrix of {metric} between every pair of the first {length} positions. Arrow keys move, Enter selects the pair.',
  'similarity.readout': 'positions {i} and {j} (gap {gap}): {metric} = {value}',
  'similarity.selected': 'Selected pair: {a} and {b} → {metric} {value}',
  'similarity.note': 'Every diagonal of this matrix holds one value: for sinusoidal encodings the similarity of two positions depends only on how far apart they are, not on where they sit.',
  'similarity.axisColumns': 'position j →',
  'similarity.axisRows': 'position i ↓',
  'similarity.picture': '{metric} between positions (L {length}, d_model {dModel})',
};
