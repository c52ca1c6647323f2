// Los mensajes de <posenc-slicing> en español. Claves y marcadores {nombre} como en ./en.js.
export default {
  'widget.slicing': 'recorte y difusión',

  'slicing.title': 'Dentro del código: recortes y difusión (broadcasting)',
  'slicing.step1': 'Recorte por índices',
  'slicing.step2': 'Senos en las columnas pares',
  'slicing.step3': 'Cosenos en las columnas impares',
  'slicing.step4': 'Difusión sobre el lote',
  'slicing.step5': 'Suma elemento a elemento',
  'slicing.stepRange': 'un paso de 1 a {last}',
  'slicing.steps': 'Pasos',
  'slicing.stepHeading': 'Paso {step} de {count}: {title}',
  'slicing.previous': 'Anterior',
  'slicing.next': 'Siguiente',
  'slicing.tooLongEarly': 'seq = {seq} es mayor que length = {length}: construir la tabla funciona, pero {code} fallará; el paso 4 muestra por qué.',
  'slicing.s1.intro': 'Un recorte {slice} recorre las columnas desde {start} a saltos de {step}. Con d_model = {dModel} las columnas son:',
  'slicing.columns': 'Columnas',
  'slicing.s1.even': '{slice} → columnas {list} (pares) → reciben {fn}',
  'slicing.s1.odd': '{slice} → columnas {list} (impares) → reciben {fn}',
  'slicing.s1.note': 'Los dos recortes tienen {half} columnas, una por frecuencia. El par de columnas (2i, 2i+1) comparte la frecuencia {omega}.',
  'slicing.shapes': 'Formas en este paso',
  'slicing.broadcastNote': '(difusión)',
  'slicing.s2.text': 'El vector columna de posiciones por la fila de frecuencias da todos los ángulos {angle} de una vez; su seno llena las columnas pares:',
  'slicing.col': 'col {column} · {omega}',
  'slicing.fromEngine': '{code}: valores del motor',
  'slicing.s3.text': 'Los mismos ángulos, a través del coseno, llenan las columnas impares. Juntos, los dos recortes cubren la tabla sin huecos ni solapamientos:',
  'slicing.wholePe': 'toda pe, forma {shape}',
  'slicing.s4.tooLong': '{unsqueeze} añade un eje inicial de tamaño 1. El recorte {slice} pide {seq} posiciones, pero la tabla solo tiene {length} filas, y un recorte que se pasa del final no falla: se detiene sin avisar en la última fila. El fallo llega en la suma:',
  'slicing.broadcastShapes': 'Formas en la difusión',
  'slicing.batch': 'lote',
  'slicing.notSeq': '{length}, no {seq}',
  'slicing.noError': '1 → {seq}: sin error, todas las filas PE(0)',
  'slicing.mismatch': '{seq} frente a {length}: error',
  'slicing.s4.text': '{unsqueeze} añade un eje inicial de tamaño 1, y {slice} conserva las {seq} primeras posiciones. La difusión alinea las formas por la derecha; un eje de tamaño 1 se estira hasta coincidir:',
  'slicing.s4.note': 'El eje estirado no se copia en memoria: cada elemento del lote lee el mismo bloque de {block}. Por eso una sola tabla de max_len filas sirve para cualquier lote y cualquier secuencia más corta.',
  'slicing.shared': '{code}: compartida por los {count} elementos del lote',
  'slicing.s5.trap': 'La suma se ejecuta, y esa es la trampa: {slice} tiene una sola fila, que se difunde sobre las {seq} posiciones.',
  'slicing.s5.none': 'No hay nada que sumar: x tiene {seq} posiciones y {slice} solo {length}, así que la suma elemento a elemento nunca se ejecuta.',
  'slicing.s5.text': 'Cada elemento del lote recibe las mismas filas posicionales sumadas a las incrustaciones de sus propios tokens (valores aleatorios en lugar de una capa de incrustaciones real):',
  'slicing.batchItem': 'elemento {index} del lote',
  'slicing.sameForEvery': '{code} (la misma para todos los elementos)',
  'slicing.s5.note': 'El resultado tiene la forma de x, {shape}: la codificación cambia los valores, nunca el tamaño.',
  'slicing.tooLongOne': 'seq = {seq} es mayor que length = 1 (el max_len de la tabla): {slice} tiene una fila, y un eje de tamaño 1 se difunde, así que {sum} se ejecuta sin error y da a los {seq} tokens la codificación de la posición 0. El modelo pierde todas las posiciones sin avisar: haz seq como mucho 1, o construye la tabla con length ≥ {seq}.',
  'slicing.tooLong': 'seq = {seq} es mayor que length = {length} (el max_len de la tabla): {slice} solo tiene {length} filas, así que {sum} no puede difundir {xShape} con {peShape}; PyTorch se detiene con {error}. Una capa construida con max_len = {length} rechaza entradas de más de {length}: haz seq como mucho {length}, o construye la tabla con length ≥ {seq}.',
  'slicing.picture': 'Paso {step}: {title}: pe {shape}',
};

/**
 * The demo's section on this widget, in index.html: assembled into web/demo/i18n/es.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'index.toc.code': 'En código: recortes y broadcasting',
  'index.code.h': 'En código: recortes y broadcasting',
  'index.code.1':
    'Las implementaciones construyen la tabla entera una sola vez con dos asignaciones por recortes y suman un recorte de ella a cada lote. Los cinco pasos de abajo desmontan esas líneas, con la forma de los tensores en cada etapa.',
};
