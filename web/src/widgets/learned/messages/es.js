// Los mensajes de <posenc-learned> en español. Claves y marcadores {nombre} como en ./en.js.
export default {
  'widget.learned': 'aprendidas',

  'learned.title': 'Una tabla de posiciones aprendida',
  'learned.maxLength': 'longitud máxima',
  'learned.seed': 'semilla',
  'learned.presets': 'Tamaños de modelos reales',
  'learned.preset': '{name} {length} × {dModel}',
  'learned.sizes': 'Tamaño de las tablas',
  'learned.parameters': 'parámetros aprendidos (max-length × d_model)',
  'learned.float32': 'en float32 (× 4 bytes)',
  'learned.megabytes': '{size} MB',
  'learned.kilobytes': '{size} kB',
  'learned.bytes': { one: '{size} ({bytes} byte)', other: '{size} ({bytes} bytes)' },
  'learned.sinParameters': 'parámetros de la codificación sinusoidal',
  'learned.sinCache': '; una tabla precalculada de la misma forma ocuparía {size}, y cualquier fila se puede volver a calcular',
  'learned.panelLearned': 'Tabla aprendida (semilla {seed}, {draws})',
  'learned.panelSinusoidal': 'Tabla sinusoidal (base {base})',
  'learned.learnedAria': {
    one: 'Mapa de calor de la tabla aprendida: {length} posición por {dModel} dimensiones y, a continuación, {missing} posiciones sin fila. Las flechas arriba y abajo mueven la posición buscada.',
    other: 'Mapa de calor de la tabla aprendida: {length} posiciones por {dModel} dimensiones y, a continuación, {missing} posiciones sin fila. Las flechas arriba y abajo mueven la posición buscada.',
  },
  'learned.sinusoidalAria': 'Mapa de calor de la tabla sinusoidal para las posiciones 0 a {last}: simplemente continúa más allá de {length}. Las flechas arriba y abajo mueven la posición buscada.',
  'learned.lookUp': 'buscar la posición',
  'learned.position': 'posición',
  'learned.lastRow': 'última fila ({row})',
  'learned.pastEnd': 'justo después del final ({row})',
  'learned.noEmbedding': 'sin incrustación',
  'learned.rowsAria': 'Gráficos de barras de las dos filas en la posición {position}.',
  'learned.rowsAriaPast': 'Gráficos de barras de las dos filas en la posición {position}; la aprendida no existe.',
  'learned.lessonPast': 'La posición {position} queda fuera de la tabla: un modelo con esta tabla no puede leerla en absoluto. Aquí {embedding} de PyTorch lanza un error de índice; el motor lanza el {error} de arriba. No se vuelve al principio ni hay extrapolación, mientras que la fila sinusoidal se calcula sin más también para esta posición.',
  'learned.lessonInside': 'Cada fila es un vector independiente que el modelo aprende durante el entrenamiento; nada liga la fila {row} con sus vecinas, y no hay nada más allá de la fila {last}. (GPT-2 y BERT aprenden tablas de incrustaciones como esta; sus filas empiezan siendo pequeños valores aleatorios como estos).',
  'learned.axisColumns': 'dimensión →',
  'learned.axisRows': 'posición ↓',
  'learned.noRows': 'no hay filas desde {length}',
  'learned.endMark': 'longitud máxima {length}',
  'learned.legend': 'valor',
  'learned.legendLearned': 'valor (±3 desv. típ.)',
  'learned.barsCaption': 'dimensión 0 … {last}; las barras aprendidas abarcan ±3 desv. típ.; las sinusoidales, ±1',
  'learned.lookupFailed': 'sin incrustación: la búsqueda dio un error',
  'learned.positionRange': 'un entero de 0 en adelante',
  'learned.tooBig': 'max-length × d-model = {values} valores; este widget construye tablas de hasta {limit}',
  'learned.csvTooBig': 'la tabla tiene {values} valores; la exportación a CSV admite como máximo {limit}',
  'learned.picture': 'Tabla aprendida de {length} × {dModel} (semilla {seed}) y la tabla sinusoidal',
};

/**
 * The demo's section on this widget, in methods.html: assembled into web/demo/i18n/es.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'methods.toc.learned': 'Una tabla para consultar posiciones',
  'methods.learned.h': 'Una tabla para consultar posiciones',
  'methods.learned.1':
    'La alternativa más sencilla a una fórmula es una tabla de consulta: un vector por posición, entrenado junto con el resto del modelo. GPT-2 tiene 1024 filas de 768 números; BERT, 512. El entrenamiento puede dar a las filas la forma que más ayude, y por eso las tablas aprendidas a menudo igualan o superan a las sinusoides en textos de la longitud de entrenamiento. El precio está escrito en la forma de la tabla: la fila de la posición {f0} solo existe si {f1}, y la tabla cuesta {f2} parámetros.',
  'methods.learned.2':
    '<strong>Pruébalo.</strong> Pulsa el botón que lleva a la posición <em>justo después del final</em>. El lado aprendido no tiene nada que dar —el motor responde con un error, como haría PyTorch—, mientras que la tabla sinusoidal sigue sin más. Después elige el tamaño de GPT-2 y mira cuánta memoria ocupa.',
};
