// Los mensajes de <posenc-alibi> en español. Claves y marcadores {nombre} como en ./en.js.
export default {
  'widget.alibi': 'ALiBi',

  'alibi.title': 'ALiBi: una penalización lineal por cabeza',
  'alibi.heads': 'cabezas',
  'alibi.length': 'longitud',
  'alibi.symmetric': 'simétrica −slope·|i − j| (sin máscara)',
  'alibi.colours': 'colores',
  'alibi.sharedScale': 'una escala para todas las cabezas',
  'alibi.headScale': 'una escala por cabeza',
  'alibi.slopes': 'Pendientes',
  'alibi.slopesList': 'Cabezas y sus pendientes',
  'alibi.slopesAria': 'Pendientes de las {count} cabezas en escala logarítmica: {slopes}.',
  'alibi.slopesShort': 'pendientes',
  'alibi.oneHead': 'Con una cabeza la regla da una sola pendiente, {slope}.',
  'alibi.powerOfTwo': 'Con {count} cabezas (una potencia de dos) las pendientes forman una sucesión geométrica que empieza en {first}: una recta en escala logarítmica.',
  'alibi.notPowerOfTwo': '{count} no es una potencia de dos: las primeras cabezas toman las pendientes de la potencia de dos inmediatamente menor, y el resto son una de cada dos pendientes de la siguiente potencia de dos, empezando por la primera. Esa es más pronunciada que todas las anteriores; las siguientes caen entre pendientes ya existentes, así que el gráfico logarítmico da un salto hacia arriba y luego zigzaguea.',
  'alibi.variant': 'La forma simétrica, −slope·|i − j| sin máscara, es una variante (la usan esbozos de codificadores, como algún código de lecciones). ALiBi tal como se publicó (Press et al.) y como lo ejecutan BLOOM y MPT es causal: −slope·(i − j) para las claves pasadas y las futuras enmascaradas.',
  'alibi.biasTitle': 'El sesgo de cada cabeza que se suma a las puntuaciones',
  'alibi.biasAria': 'Matrices de sesgo de las {heads} cabezas, de {length} por {length}. Las flechas mueven un cursor en la cabeza elegida, Re Pág y Av Pág cambian de cabeza, Intro dibuja la fila de esa consulta.',
  'alibi.selectRow': 'Elegir la cabeza {head}, consulta {query}',
  'alibi.biasReadout': 'cabeza {head}, consulta {query}, clave {key}: sesgo = {value} {why}',
  'alibi.biasWhy': '(pendiente {slope} × distancia {distance}, cambiada de signo)',
  'alibi.masked': '(una clave futura: enmascarada)',
  'alibi.weightsTitle': 'Pesos de atención cuando todas las puntuaciones son iguales: solo decide el sesgo',
  'alibi.weightsAria': 'Pesos de atención de la consulta {query} sobre las claves para cada cabeza; la cabeza {head} resaltada. Las flechas izquierda y derecha leen una clave; arriba y abajo cambian de cabeza.',
  'alibi.weightReadout': 'cabeza {head} (pendiente {slope}), consulta {query}: peso en la clave {key} = {weight}; en sí misma {self}, en la clave 0 {first}',
  'alibi.lessonSymmetric': 'Las cabezas empinadas (pendiente grande) gastan casi todo su peso en los pocos tokens más cercanos a la consulta, a ambos lados; las suaves lo reparten por todo el contexto.',
  'alibi.lessonCausal': 'Las cabezas empinadas (pendiente grande) gastan casi todo su peso en los últimos tokens; las suaves lo reparten por todo el contexto.',
  'alibi.lessonLinear': 'La penalización crece linealmente con la distancia y no tiene longitud máxima, así que hay puntuaciones para entradas de cualquier longitud. Los modelos con ALiBi entrenados no se disparan con entradas más largas que las del entrenamiento (Press et al. 2022), pero dan tan poco peso a los tokens lejanos que apenas los aprovechan.',
  'alibi.lessonOriginal': '(El código original suma en cambio slope·j en cada fila; con la máscara causal la softmax no ve la diferencia, porque ambas difieren en una constante dentro de cada fila.)',
  'alibi.biasCaptionCausal': 'sesgo (filas: consulta; columnas: clave; rayado: futuro enmascarado, −∞)',
  'alibi.biasCaptionSymmetric': 'sesgo (filas: consulta; columnas: clave; variante simétrica)',
  'alibi.headMinimum': 'el mínimo de cada cabeza',
  'alibi.axisHead': 'cabeza',
  'alibi.axisSlope': 'pendiente (escala log.)',
  'alibi.queryMark': 'consulta {query}',
  'alibi.axisKey': 'posición de la clave',
  'alibi.axisWeight': 'peso de atención',
  'alibi.picture': 'ALiBi: {heads} cabezas, longitud {length}{symmetric}',
  'alibi.pictureSymmetric': ', simétrica',
  'alibi.headSlope': 'h{head} · pend. {slope}',
};

/**
 * The demo's section on this widget, in methods.html: assembled into web/demo/i18n/es.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'methods.toc.alibi': 'Ninguna incrustación: ALiBi',
  'methods.alibi.h': 'Ninguna incrustación: ALiBi',
  'methods.alibi.1':
    'ALiBi (Press et al., 2022) prescinde por completo de los vectores de posición. Cada cabeza de atención suma a sus puntuaciones una penalización que crece linealmente con la distancia entre consulta y clave, {f0}, con una pendiente {f1} distinta en cada cabeza. Las cabezas de pendiente pronunciada miran a los últimos tokens; las de pendiente suave leen muy atrás. Como una recta no tiene fin, el sesgo está definido a cualquier longitud. En las pruebas de Press et al., los modelos con ALiBi mantuvieron su calidad con entradas más largas que las del entrenamiento, cuando los sinusoidales y los rotatorios pronto empeoraban; pero esa ventaja viene sobre todo de dar poco peso a los tokens lejanos, no de leerlos.',
  'methods.alibi.2':
    '<strong>Pruébalo.</strong> Pon 12 cabezas: 12 no es una potencia de dos, así que las pendientes son las del conjunto de 8 cabezas seguidas de una de cada dos pendientes del conjunto de 16: primero 2<sup>−1/2</sup> ≈ 0,71, más pronunciada que cualquiera de las ocho, y luego valores que caen entre las suyas. Abajo todas las puntuaciones son iguales, así que los pesos de atención muestran solo el sesgo.',
};
