// Los mensajes de <posenc-similarity> en español. Claves y marcadores {nombre} como en ./en.js.
export default {
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
