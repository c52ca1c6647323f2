// Los mensajes de <posenc-heatmap> en español. Claves y marcadores {nombre} como en ./en.js.
export default {
  'widget.heatmap': 'mapa de calor',

  'heatmap.title': 'Matriz de codificación posicional',
  'heatmap.roledescription': 'mapa de calor interactivo',
  'heatmap.aria': 'Mapa de calor de la codificación posicional sinusoidal: {length} posiciones (filas) por {dModel} dimensiones (columnas), colores de −1 a +1. Las flechas mueven el cursor; Intro selecciona la posición.',
  'heatmap.drawing': 'dibujando {percent} %',
  'heatmap.readout': 'posición {position}, dimensión {column} ({kind}, i = {pair}): {value}',
  'heatmap.large': 'Tabla grande ({count} valores): cada píxel muestra la media de las celdas que cubre; la lectura siempre da el valor exacto.',
  'heatmap.showTable': 'Mostrar los valores como tabla',
  'heatmap.tableCaption': 'Valores de la codificación (salida del motor), posiciones {first}–{last}{ofLength}, dimensiones 0–{lastColumn}{ofDModel}. Descarga el CSV para tener la tabla completa.',
  'heatmap.of': ' de {count}',
  'heatmap.position': 'posición',
  'heatmap.axisColumns': 'dimensión →',
  'heatmap.axisRows': 'posición ↓',
  'heatmap.legend': 'valor',
  'heatmap.sinColumn': 'columna seno',
  'heatmap.cosColumn': 'columna coseno',
  'heatmap.rowOfTable': 'una fila de la tabla (posiciones {first} a {last})',
  'heatmap.picture': 'Codificación posicional sinusoidal: {length} posiciones × {dModel} dimensiones, base {base}, {layout}',
  'heatmap.tooBig': 'la tabla tiene {count} valores; la exportación admite como máximo {limit} (reduce length o d-model)',
};
