// Los mensajes de <posenc-properties> en español. Claves y marcadores {nombre} como en ./en.js.
export default {
  'widget.properties': 'propiedades',

  'properties.title': 'Propiedades, comprobadas en directo',
  'properties.holds': '✓ se cumple',
  'properties.fails': '✗ no se cumple',
  'properties.table': 'La tabla: {length} posiciones × {dModel} dimensiones, base {base}. Todos los números de abajo se calculan a partir de la salida del motor.',
  'properties.unique.title': '1. Cada posición es única',
  'properties.unique.text': 'Las dos filas más cercanas son las posiciones {a} y {b}, que aún están a {distance} (distancia euclídea).',
  'properties.unique.lesson': ' Ninguna de las {length} posiciones comparte codificación con otra.',
  'properties.bounded.title': '2. Todos los valores están en [−1, 1]',
  'properties.bounded.text': 'Valor mínimo {lo}, máximo {hi}.',
  'properties.bounded.lesson': ' Los senos y cosenos no pueden crecer con la posición, a diferencia de un simple contador de posiciones.',
  'properties.rotation.title': '3. Desplazar en k es una rotación',
  'properties.pairI': 'par i',
  'properties.rotation.text': 'Para cada par de frecuencias, la rotación 2 × 2 construida con el propio PE(k) (sus entradas sin y cos) lleva PE(pos) a PE(pos + k):',
  'properties.rotation.aria': 'Par {pair}: la matriz de rotación por PE({pos}) es igual a PE({after})',
  'properties.pair': 'par {pair}:',
  'properties.versus': 'frente a PE({position}):',
  'properties.rotation.error': 'Error máximo en los {pairs} pares: {error} (par {worst}; tolerancia {tolerance}).',
  'properties.rotation.lesson': ' La matriz depende solo de k, nunca de pos: es el asidero que la atención puede usar para las posiciones relativas.',
  'properties.extrap.title': '4. Está definida más allá de la longitud de entrenamiento',
  'properties.trainingLength': 'longitud de entrenamiento',
  'properties.extrap.text': 'Las posiciones más allá de {T} salen de la misma fórmula: allí las vecinas se parecen exactamente igual (coseno {beyond}) que dentro ({inside}), y ninguna pareja está más cerca que {closest} (dos cualesquiera separadas por {gap}, como {T} y {other}).',
  'properties.extrap.lesson': ' Una tabla aprendida de {T} filas no tiene ninguna fila para la posición {T}; pedírsela al motor da el error de abajo. Pero estar definida no es lo mismo que entenderse: un modelo entrenado con {T} posiciones nunca ha visto estos vectores y, en la práctica, su calidad cae más allá de su longitud de entrenamiento (para eso existen los métodos de escalado de la parte 2).',
  'properties.noError': '(¿sin error?)',
  'properties.plotAria': 'Gráfico de líneas de las dimensiones {dims} en {length} posiciones; la zona más allá de la longitud de entrenamiento {T} está sombreada y las curvas continúan sin saltos.',
  'properties.curves': 'Curvas:',
  'properties.trainingMark': 'longitud de entrenamiento {T} →',
  'properties.axisPosition': 'posición',
  'properties.axisValue': 'valor de PE',
  'properties.picture': 'Propiedades de la tabla sinusoidal (L {length}, d_model {dModel})',
  'properties.property': 'propiedad',
  'properties.result': 'resultado',
  'properties.pictureUnique': 'cada posición es única',
  'properties.pictureUniqueValue': 'distancia mínima {distance} (posiciones {positions})',
  'properties.pictureBounded': 'valores acotados',
  'properties.pictureError': 'error máximo {error}',
  'properties.pictureExtrap': 'extrapolación',
  'properties.pictureExtrapValue': 'coseno entre vecinas {inside} dentro, {beyond} fuera',
  'properties.posRange': 'una posición de 0 a {max}',
  'properties.shiftRange': 'un desplazamiento de 0 a {max}',
  'properties.pairRange': 'un par de 0 a {last} (d-model / 2 − 1)',
  'properties.trainRange': 'un entero de 2 a {last} (length − 2, para que queden posiciones más allá que comprobar)',
};

/**
 * The demo's section on this widget, in index.html: assembled into web/demo/i18n/es.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'index.toc.properties': 'Las promesas, comprobadas',
  'index.properties.h': 'Las promesas, comprobadas',
  'index.properties.1':
    'Volvamos a la lista de deseos. Las cuatro últimas promesas se comprueban aquí sobre una tabla de 200 × 64; cambia los números y las comprobaciones se repiten. Al seleccionar dos posiciones en cualquier lugar de la página se fijan <em>pos</em> y <em>k</em> de la comprobación de la rotación.',
  'index.properties.2':
    'Las tablas de posiciones aprendidas (GPT-2, BERT) renuncian a la última promesa, y con ella a la coherencia con los desplazamientos, a cambio de flexibilidad: el modelo aprende su propio vector para cada posición. Aun así, en el Transformer original una tabla aprendida y las sinusoides dieron resultados casi idénticos (Vaswani et al. 2017), y una tabla aprendida se detiene en la longitud con la que se entrenó. Ten presente la advertencia de la comprobación 4: las sinusoides están definidas más allá de la longitud de entrenamiento, y aun así los modelos empeoran ahí, porque la extrapolación no sale gratis; la parte 2 muestra cómo se estiran los modelos con RoPE. Las incrustaciones rotatorias (RoPE), ALiBi y los sesgos relativos al estilo de T5 llevan la posición a las puntuaciones de atención; el motor de posenc también los calcula.',
  'index.properties.3':
    '<strong>Siguiente:</strong> <a href="methods.html" data-part="2">Parte 2 — tablas aprendidas, RoPE y su escalado para contextos largos, ALiBi, T5 e identificadores de posición, comparados sobre tu propia oración →</a>',
};
