// Los mensajes de <posenc-model> en español. Claves y marcadores {nombre} como en ./en.js.
export default {
  'widget.model': 'modelo',

  'model.title': 'Las posiciones de tu modelo',
  'model.model': 'modelo',
  'model.yourConfig': 'tu configuración',
  'model.source': 'su {file}',
  'model.paste': 'Pegar un {file}',
  'model.read': 'Leerlo',
  'model.badJson': 'config no es un JSON válido ({error})',
  'model.summary': '{name}: RoPE {type} en {rotary} de los {headDim} canales de cada cabeza, base {base}, factor de atención {factor}; entrenado con {trained} posiciones, usado hasta {longest}.',
  'model.illustrative': ' (Listas de factores de LongRoPE: ilustrativas, con la forma de las publicadas.)',
  'model.plotAria': 'Longitud de onda de cada uno de los {pairs} pares en escala logarítmica, con escalado (línea continua) y sin escalado (discontinua), frente al contexto de entrenamiento y al extendido. Las flechas izquierda y derecha eligen un par.',
  'model.plotShort': 'longitudes de onda',
  'model.readout': 'par {pair}: longitud de onda {wavelength} (sin escalar {unscaled}, ×{ratio}); {verdict}.',
  'model.neverTurns': 'no completa ni una vuelta, ni siquiera en el contexto extendido',
  'model.beyondTrained': 'solo completa una vuelta más allá del contexto de entrenamiento',
  'model.turns': '{turns} vueltas en el contexto extendido',
  'model.solidDashed': 'Continua: con escalado {type}; discontinua: RoPE sin escalar con la misma base.',
  'model.precisionTitle': 'En el contexto más largo, con la aritmética del modelo',
  'model.computing': 'calculando los errores de ángulo…',
  'model.precisionAria': 'Precisión en el contexto más largo',
  'model.arithmetic': 'aritmética',
  'model.angleError': 'mayor error de ángulo',
  'model.worstPair': 'peor par',
  'model.differ': 'difieren entre {a} y {b}',
  'model.radians': '{value} rad',
  'model.pairsDiffer': { one: '{differ} de {count} par', other: '{differ} de {count} pares' },
  'model.never': {
    one: '{never} de {pairs} pares nunca completa una vuelta en {longest} posiciones.',
    other: '{never} de {pairs} pares nunca completan una vuelta en {longest} posiciones.',
  },
  'model.lesson': ' El modelo calcula cada ángulo en float32 (posición × θ, redondeado) y guarda el coseno y el seno en bfloat16: el error de arriba mide cuánto se alejan esos valores de la rotación exacta, y es mayor en los pares rápidos y en las posiciones lejanas. Las propias posiciones en float32 se agotan en {limit}: a partir de ahí, posiciones vecinas reciben los mismos ángulos.',
  'model.notesAria': 'Cómo se leyó la configuración (notas del motor, en inglés)',
  'model.rulesNote': 'leída con las reglas de transformers ≥ 4.56',
  'model.trainedMark': 'entrenado {value}',
  'model.extendedMark': 'extendido {value}',
  'model.axisPair': 'par i (rápido → lento)',
  'model.axisWavelength': 'longitud de onda 2π/θ (posiciones, log.)',
  'model.picture': '{name}: RoPE {type}, rotación en {rotary} de {headDim}, base {base}',
  'model.kind.full': 'atención completa',
  'model.kind.sliding': 'ventana deslizante de {window}',
  'model.kind.chunked': 'atención en bloques de {window}',
  'model.noRope': 'sin RoPE',
  'model.ropeBase': 'RoPE {n} (base {base})',
  'model.layerIs': 'capa {layer}: {attention}, {rope}',
  'model.layersAria': 'Las {count} capas, coloreadas según su RoPE: elige una para ver sus longitudes de onda',
  'model.legend': '{count} × {what}',
  'model.nopeLayer': 'La capa {layer} no tiene RoPE ({attention}): sus consultas y claves no se rotan; solo conoce las posiciones por lo que escribieron las capas de abajo y por la máscara causal.',
  'model.temperature': ' En su lugar, Llama 4 escala sus consultas por log(⌊(posición + 1) / {floor}⌋ + 1) · {scale} + 1 (ajuste de temperatura).',
  'model.slopesAria': 'La pendiente ALiBi de cada cabeza',
  'model.head': 'cabeza',
  'model.slope': 'pendiente',
  'model.alibiBloom': 'ALiBi, sin embedding de posición: cada una de las {heads} cabezas resta pendiente × distancia a sus puntuaciones de atención (pendientes de BLOOM).',
  'model.alibiMpt': 'ALiBi, sin embedding de posición: cada una de las {heads} cabezas resta pendiente × distancia a sus puntuaciones de atención (pendientes de MPT, alibi_bias_max {max}).',
  'model.learned': 'Una tabla aprendida de {rows} filas: la posición p lee la fila p, así que caben {positions} posiciones.',
  'model.learnedOffset': 'Una tabla aprendida de {rows} filas: la posición p lee la fila p + {offset}, así que caben {positions} posiciones (las filas anteriores sirven al relleno).',
  'model.t5': 'Cubetas relativas de T5: {buckets} cubetas de la distancia clave − consulta; desde {distance} todas caen en la última; en las dos direcciones en el codificador, solo hacia el pasado en el decodificador.',
  'model.none': 'Ninguna codificación de posición.',
  'model.explain': 'Cómo funciona: {widget}',
};

/**
 * The demo's section on this widget, in model.html: assembled into web/demo/i18n/es.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'model.model.h': 'Una configuración, todos los pares',
  'model.model.1':
    'Un modelo rotatorio gira cada par de canales de sus consultas y claves un ángulo proporcional a la posición: el par {f0} gira {f1} por token, donde {f2} es el <code>rope_theta</code> de la configuración y {f3} el ancho rotatorio. Un par necesita {f4} tokens para dar una vuelta completa: esa es su longitud de onda. Los pares rápidos giran cada pocos tokens y distinguen a los vecinos; los lentos giran tan poco a lo largo de todo un texto que solo su dirección a grandes distancias lleva información.',
  'model.model.2':
    '<strong>Pruébalo.</strong> Empieza con Llama 3.1 y <span class="for-fine">recorre los pares con el ratón (o da el foco al gráfico y usa <kbd>←</kbd>/<kbd>→</kbd>)</span><span class="for-coarse">toca a lo largo del gráfico para pasar de un par a otro</span>. Donde la línea continua se separa de la discontinua, el escalado ha frenado los pares; la línea morada es la longitud con la que se entrenó el modelo, y la naranja, la longitud a la que se usa. Después cambia a Qwen2.5 con YaRN, Phi-3 y DeepSeek V3, y compara sus factores de atención.',
};
