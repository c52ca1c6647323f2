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

/**
 * The demo's section on this widget, in index.html: assembled into web/demo/i18n/es.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'index.toc.similarity': 'Todos los pares a la vez',
  'index.similarity.h': 'Todos los pares a la vez',
  'index.similarity.1':
    'La comparación de cada par de las 50 primeras posiciones llena un cuadrado. En la diagonal principal cada posición se encuentra consigo misma. Cada una de las demás diagonales tiene un único valor —la similitud solo depende de la separación— y el valor baja a medida que crece la separación, con ondulaciones donde las ondas rápidas y las lentas vuelven a alinearse en parte. <span class="for-fine">Haz clic en una celda</span><span class="for-coarse">Toca dos veces una celda (o tócala y pulsa <em>Elegir</em>)</span>: el par pasa a ser la selección de la comparación de arriba (las dos usan d_model = 64, así que muestran los mismos números), y el mapa de calor marca las dos filas.',
};
