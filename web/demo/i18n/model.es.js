// Part 3 of the demo lesson (model.html) in Spanish: the text of every element the page marks with
// data-i18n="model.…", data-i18n-label or data-i18n-attr, in the page's order (web/demo/language.js explains the
// keys). {f:name} is the English element's formula marked data-f="name". What every part shares (the header's
// switches, the footer, the scripts' messages) is in shared/es.js. The widgets speak Spanish through
// their own catalogue (web/src/widgets/catalogues/es.js); where this text names a widget's control, it uses
// that catalogue's words.

export default {
  // the page's title, header and contents
  'model.title': 'Las posiciones de tu modelo — posenc, parte 3',
  'model.description':
    'Parte 3 de la lección de posenc: el config.json de un modelo real, leído como lo lee transformers (ancho rotatorio, base, escalado para contextos largos, factor de atención), y con qué precisión guarda sus posiciones la aritmética float32 y bfloat16 del propio modelo.',
  'model.kicker': 'posenc · lección interactiva · parte 3 de 4',
  'model.h1': 'Tu modelo: qué le hace un contexto largo a sus posiciones',
  'model.lede':
    '<a href="methods.html" data-part="2">La parte 2</a> rotó consultas y claves y estiró la rotación para textos más largos. Aquí los ajustes vienen de modelos reales, leídos del <code>config.json</code> con el que se publican, exactamente como los lee la biblioteca transformers. Elige uno, o pega la configuración del modelo con el que trabajas.',

  // <section id="model">
  'model.model.h': 'Una configuración, todos los pares',
  'model.model.1':
    'Un modelo rotatorio gira cada par de canales de sus consultas y claves un ángulo proporcional a la posición: el par {f:pair} gira {f:freqs} por token, donde {f:base} es el <code>rope_theta</code> de la configuración y {f:d} el ancho rotatorio. Un par necesita {f:wavelength} tokens para dar una vuelta completa: esa es su longitud de onda. Los pares rápidos giran cada pocos tokens y distinguen a los vecinos; los lentos giran tan poco a lo largo de todo un texto que solo su dirección a grandes distancias lleva información.',
  'model.model.2':
    '<strong>Pruébalo.</strong> Empieza con Llama 3.1 y <span class="for-fine">recorre los pares con el ratón (o da el foco al gráfico y usa <kbd>←</kbd>/<kbd>→</kbd>)</span><span class="for-coarse">toca a lo largo del gráfico para pasar de un par a otro</span>. Donde la línea continua se separa de la discontinua, el escalado ha frenado los pares; la línea morada es la longitud con la que se entrenó el modelo, y la naranja, la longitud a la que se usa. Después cambia a Qwen2.5 con YaRN, Phi-3 y DeepSeek V3, y compara sus factores de atención.',

  // <section id="long">
  'model.long.h': 'Más largo que en el entrenamiento',
  'model.long.1':
    'Durante el entrenamiento, un par cuya longitud de onda supera el contexto entrenado nunca completa una vuelta: el modelo solo llega a ver una parte de su círculo. Con un texto más largo, ese par alcanzaría ángulos que nunca ha visto. Todas las recetas de escalado responden frenando algunos pares, de modo que el contexto ampliado vuelva a caer en ángulos del entrenamiento: el escalado lineal los frena todos en la misma proporción; Llama 3 y YaRN dejan como están los pares rápidos (sus vueltas son lo bastante cortas como para haberse visto muchas veces) y frenan solo los lentos, con una transición suave entre unos y otros; LongRoPE usa para cada par un factor propio, hallado por búsqueda. YaRN y LongRoPE devuelven además un factor de atención: cos y sin se multiplican por él, así que cada puntuación q·k crece en su cuadrado. Es una temperatura para el softmax, fijada para la longitud mayor, no una corrección de la rotación más lenta: con más claves entre las que repartirse, la atención se aplanaría (su entropía subiría), y YaRN ajusta el factor como 0,1·ln s + 1, con s el factor de longitud, para mantenerla más o menos tan afilada como en el entrenamiento.',

  // <section id="precision">
  'model.precision.h': 'Las posiciones en los números del propio modelo',
  'model.precision.1':
    'El widget calcula cada ángulo de forma exacta. El modelo no: multiplica una posición float32 por una frecuencia float32, redondea el producto a float32 y guarda cos y sin en bfloat16, que conserva solo ocho bits significativos. En Llama 3.1, en las últimas 4096 posiciones de su contexto de 131 072 tokens (la primera fila de la tabla), un ángulo float32 se desvía hasta 0,0063 rad (0,0028 rad en la propia posición 131 071), y bfloat16 añade su propio redondeo a cada cos y sin. En los pares más lentos, posiciones vecinas se leen entonces exactamente igual: esos pares ya no distinguen a los vecinos, y solo los pares rápidos lo hacen. Y a partir de {f:limit}, float32 ni siquiera puede representar exactamente la posición: tokens vecinos reciben los mismos ángulos en todos los pares.',
  'model.precision.2':
    'La tabla de precisión reproduce esa aritmética (<code>pe.rope.cosSin</code> con un <code>dtype</code>); sus valores bfloat16 se comprueban bit a bit frente a PyTorch en las pruebas de posenc.',

  // the footer
  'model.foot.1':
    '<a href="methods.html" data-part="2">← Parte 2: más allá de la sinusoidal</a> · <a href="train.html" data-part="4">Parte 4: ¿extrapolan? →</a> · <a id="share" href="#">Enlace a esta vista exacta</a>: la dirección guarda los ajustes del widget.',
};
