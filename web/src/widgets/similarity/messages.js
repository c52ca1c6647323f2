// <posenc-similarity>'s messages in English, the fallback of every other language. {name} is a placeholder; an
// object holds plural forms chosen by {count} (Intl.PluralRules).
// One block per language: the element's module ships `en` with its code; the build puts each other block
// in its language's catalogue only (web/src/widgets/catalogues/, scripts/build-web-messages.mjs).
export const en = {
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

// Los mensajes de <posenc-similarity> en español. Claves y marcadores {nombre} como en el bloque `en` de arriba.
export const es = {
  'widget.similarity': 'similitud',

  'similarity.title': 'Similitud entre posiciones',
  'similarity.metric.cosine': 'similitud coseno',
  'similarity.metric.dot': 'producto escalar',
  'similarity.metric.euclidean': 'distancia euclídea',
  'similarity.metricLabel': 'Métrica',
  'similarity.metricAria': 'Métrica de similitud',
  'similarity.roledescription': 'matriz interactiva',
  'similarity.aria': 'Matriz de {metric} entre cada par de las {length} primeras posiciones. Las flechas mueven el cursor; Intro selecciona el par.',
  'similarity.readout': 'posiciones {i} y {j} (separación {gap}): {metric} = {value}',
  'similarity.selected': 'Par elegido: {a} y {b} → {metric} {value}',
  'similarity.note': 'Cada diagonal de esta matriz tiene un único valor: con codificaciones sinusoidales, la similitud de dos posiciones depende solo de lo lejos que estén, no de dónde se encuentren.',
  'similarity.axisColumns': 'posición j →',
  'similarity.axisRows': 'posición i ↓',
  'similarity.picture': '{metric} entre posiciones (L {length}, d_model {dModel})',
};

// <posenc-similarity> 的简体中文消息。键和 {占位符} 与上面的 `en` 一致。
export const zhCN = {
  'widget.similarity': '相似度',

  'similarity.title': '位置之间的相似度',
  'similarity.metric.cosine': '余弦相似度',
  'similarity.metric.dot': '点积',
  'similarity.metric.euclidean': '欧氏距离',
  'similarity.metricLabel': '度量',
  'similarity.metricAria': '相似度度量',
  'similarity.roledescription': '可交互矩阵',
  'similarity.aria': '前 {length} 个位置两两之间的{metric}矩阵。方向键移动，回车键选中该对位置。',
  'similarity.readout': '位置 {i} 和 {j}（间隔 {gap}）：{metric} = {value}',
  'similarity.selected': '已选的一对：{a} 和 {b} → {metric} {value}',
  'similarity.note': '这个矩阵的每条对角线上只有一个值：对正弦位置编码而言，两个位置的相似度只取决于它们相隔多远，而与它们所处的位置无关。',
  'similarity.axisColumns': '位置 j →',
  'similarity.axisRows': '位置 i ↓',
  'similarity.picture': '位置之间的{metric}（L {length}，d_model {dModel}）',
};
