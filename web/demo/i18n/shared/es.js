// The demo lesson in Spanish, the part not about one widget: the pages' header, introductions, navigation and
// footers, the sections about no single widget, and the messages the page scripts write, by the data-i18n keys
// of the pages (web/demo/language.js explains the keys; {f0}, {f1}… are the English element's formulas, in
// their order). A section about one widget is translated beside it, in the `demo` export of
// web/src/widgets/<name>/messages/es.js; scripts/gen-schema.mjs assembles both into ../es.js, which the
// pages import. The widgets speak Spanish through their own catalogue (web/src/widgets/catalogues/es.js); where this
// text names a widget's control, it uses that catalogue's words.

/** What every part shares: skip link, switches, footer, the scripts' messages. */
export const common = {
  'common.skip': 'Saltar a la lección',
  'common.theme': 'Tema de color',
  'common.theme.auto': 'Automático',
  'common.theme.light': 'Claro',
  'common.theme.dark': 'Oscuro',
  'common.language': 'Idioma',
  'common.contents': 'Contenido',
  'common.foot.engine': 'Todos los números los calcula el motor de posenc (C++ compilado a WebAssembly) que se ejecuta en esta página; no se descarga nada de la red.',
  'js.engine.loading': 'Cargando el motor…',
  'js.engine.simd': 'Motor listo: WebAssembly con SIMD.',
  'js.engine.scalar': 'Motor listo: WebAssembly (versión escalar: este navegador no tiene WebAssembly SIMD).',
  'js.engine.failed': 'El motor no pudo arrancar: {error}',
  'js.formula.scrolls': 'Fórmula, se desplaza en horizontal',
  'js.formula.more': 'La fórmula sigue a la derecha: desplázala →',
  'js.formula.back': '← La fórmula empieza más a la izquierda',
  'js.notes.one': 'Un ajuste de este enlace no se pudo usar; la página muestra en su lugar su propio valor:',
  'js.notes.other': '{count} ajustes de este enlace no se pudieron usar; la página muestra en su lugar sus propios valores:',
  'js.notes.more': '… y {count} más.',
  'js.notes.hide': 'Ocultar este aviso',
  'js.text.empty': 'Escribe primero unas palabras.',
  'js.text.used': '{count} tokens: se usan en la tabla de relleno (los {first} primeros) y en la comparación.',
};

/** Part 1, index.html: sinusoidal encodings. */
export const index = {
  'index.title': 'Codificaciones posicionales en la práctica — posenc',
  'index.description': 'Una lección interactiva sobre la codificación posicional sinusoidal de los transformers; cada número lo calcula el motor WebAssembly de posenc.',
  'index.kicker': 'posenc · lección interactiva',
  'index.h1': '¿Dónde está esta palabra? Codificaciones posicionales en la práctica',
  'index.lede':
    'Un transformer mira a la vez todos los tokens de una oración. Eso lo hace rápido, pero tiene un precio: la atención, por sí sola, no tiene ni idea de qué token vino primero. Esta página muestra el problema y el remedio clásico —la codificación posicional sinusoidal— y comprueba cada afirmación con números que puedes cambiar.',
  'index.toc.formula': 'La fórmula',
  'index.toc.table': 'La tabla y sus ondas',
  'index.toc.methods': 'Parte 2: más allá de la sinusoidal →',
  'index.toc.train': 'Parte 4: ¿extrapolan? Compruébalo →',

  'index.formula.h': 'La fórmula',
  'index.formula.1': '¿Cómo debería ser un vector de posición? Una breve lista de deseos:',
  'index.formula.2':
    '<li><strong>Del mismo ancho que las incrustaciones (embeddings)</strong>, para poder sumárselo sin más.</li> <li><strong>Acotado</strong>: la posición 5000 no debe dar números mil veces mayores que la posición 5.</li> <li><strong>Distinto</strong>: dos posiciones no pueden compartir vector.</li> <li><strong>Coherente con los desplazamientos</strong>: «tres tokens atrás» debería verse igual al principio de un texto que en medio.</li> <li><strong>Definido para cualquier posición</strong>, también más allá del texto más largo visto en el entrenamiento.</li>',
  'index.formula.3':
    'El Transformer original (Vaswani et al., 2017) cumple los cinco con senos y cosenos. El par de columnas {f0} (columnas {f1} y {f2}) del vector de la posición {f3} es',
  'index.formula.4':
    'Piensa en cada par como en la aguja de un reloj. El par 0 gira un radián por posición; cada par siguiente gira más despacio, siempre en la misma proporción. El número de posiciones que hacen falta para una vuelta completa —la longitud de onda— crece en progresión geométrica:',
  'index.formula.5':
    'Leer todas las agujas a la vez fija la posición, igual que segundos, minutos y horas juntos fijan una hora del día, solo que aquí hay {f0} agujas y se mueven de forma continua. El seno y el coseno de un mismo ángulo son las dos coordenadas de la punta de la aguja, y eso es lo que convierte un desplazamiento de {f1} posiciones en una rotación:',
  'index.formula.6':
    'Hay dos órdenes de columnas en uso: el <em>intercalado</em> del artículo (sin, cos, sin, cos, …) y uno <em>dividido</em> (primero todos los senos, luego todos los cosenos), el orden de tensor2tensor y fairseq. Esas bibliotecas, además, espacian sus frecuencias de forma un poco distinta, con {f0} entre pares vecinos; la disposición dividida de posenc conserva las frecuencias del artículo y solo reordena las columnas. El atributo <code>layout</code> del mapa de calor cambia entre los dos órdenes.',

  'index.table.h': 'La tabla y sus ondas',
  'index.table.1':
    'Apila como filas los vectores de las posiciones 0, 1, 2, … y obtienes la tabla de abajo. <span class="for-fine">Pasa el puntero por encima —o dale el foco y usa las flechas— para leer cualquier celda con la fórmula ya evaluada.</span><span class="for-coarse">Toca una celda para leerla con la fórmula ya evaluada.</span> Las columnas de la izquierda oscilan de una fila a otra; las de la derecha apenas cambian: las franjas se ensanchan de izquierda a derecha, una frecuencia por cada par de columnas.',
  'index.sizes': 'Tamaño de la tabla',
  'index.sizes.size': 'Tamaño:',
  'index.sizes.split': 'disposición dividida',
  'index.table.2':
    'Las mismas columnas dibujadas como curvas: el valor de unas cuantas dimensiones a medida que crece la posición. Cambia la vista a <em>Valor frente a dimensión</em> para ver una sola posición como una curva a lo largo de sus dimensiones, y pulsa <em>Reproducir barrido</em> para ver cómo cambia al moverse la posición.',

  'index.foot.1':
    '<a id="share" href="#">Enlace a esta vista exacta</a>: la dirección guarda los ajustes de todos los widgets. Cada widget ofrece además su código para insertar, sus datos en CSV y su imagen en PNG.',
};

/** Part 2, methods.html: beyond sinusoidal. */
export const methods = {
  'methods.title': 'Más allá de la sinusoidal: aprendidas, RoPE, ALiBi, T5 — posenc, parte 2',
  'methods.description':
    'Parte 2 de la lección de posenc: tablas de posiciones aprendidas, incrustaciones rotatorias y su escalado para contextos largos, ALiBi, las cubetas de T5, identificadores de posición con relleno y todos ellos lado a lado; cada número lo calcula el motor WebAssembly de posenc.',
  'methods.kicker': 'posenc · lección interactiva · parte 2 de 4',
  'methods.h1': 'Más allá de la sinusoidal: cómo saben los modelos actuales dónde está un token',
  'methods.lede':
    '<a href="index.html" data-part="1">La parte 1</a> construyó la receta de 2017: sumar a cada token un patrón fijo de ondas. Los modelos que encuentras hoy casi siempre hacen otra cosa: aprenden una tabla, rotan sus consultas y claves, o suman una penalización a las puntuaciones de atención. Esta parte ejecuta cada idea sobre tu propia oración y termina con todos ellos lado a lado.',
  'methods.text.label': 'Tu oración',
  'methods.text.use': 'Usarla',
  'methods.text.value': 'El robot leyó el manual entero antes de abrir la caja',

  'methods.foot.1':
    '<a href="index.html" data-part="1">← Parte 1: codificaciones sinusoidales</a> · <a href="model.html" data-part="3">Parte 3: tu modelo →</a> · <a href="train.html" data-part="4">Parte 4: ¿extrapolan? →</a> · <a id="share" href="#">Enlace a esta vista exacta</a>: la dirección guarda los ajustes de todos los widgets.',
};

/** Part 3, model.html: your model. */
export const model = {
  'model.title': 'Las posiciones de tu modelo — posenc, parte 3',
  'model.description':
    'Parte 3 de la lección de posenc: el config.json de un modelo real, leído como lo lee transformers (ancho rotatorio, base, escalado para contextos largos, factor de atención), y con qué precisión guarda sus posiciones la aritmética float32 y bfloat16 del propio modelo.',
  'model.kicker': 'posenc · lección interactiva · parte 3 de 4',
  'model.h1': 'Tu modelo: qué le hace un contexto largo a sus posiciones',
  'model.lede':
    '<a href="methods.html" data-part="2">La parte 2</a> rotó consultas y claves y estiró la rotación para textos más largos. Aquí los ajustes vienen de modelos reales, leídos del <code>config.json</code> con el que se publican, exactamente como los lee la biblioteca transformers. Elige uno, o pega la configuración del modelo con el que trabajas.',

  'model.long.h': 'Más largo que en el entrenamiento',
  'model.long.1':
    'Durante el entrenamiento, un par cuya longitud de onda supera el contexto entrenado nunca completa una vuelta: el modelo solo llega a ver una parte de su círculo. Con un texto más largo, ese par alcanzaría ángulos que nunca ha visto. Todas las recetas de escalado responden frenando algunos pares, de modo que el contexto ampliado vuelva a caer en ángulos del entrenamiento: el escalado lineal los frena todos en la misma proporción; Llama 3 y YaRN dejan como están los pares rápidos (sus vueltas son lo bastante cortas como para haberse visto muchas veces) y frenan solo los lentos, con una transición suave entre unos y otros; LongRoPE usa para cada par un factor propio, hallado por búsqueda. YaRN y LongRoPE devuelven además un factor de atención: cos y sin se multiplican por él, así que cada puntuación q·k crece en su cuadrado. Es una temperatura para el softmax, fijada para la longitud mayor, no una corrección de la rotación más lenta: con más claves entre las que repartirse, la atención se aplanaría (su entropía subiría), y YaRN ajusta el factor como 0,1·ln s + 1, con s el factor de longitud, para mantenerla más o menos tan afilada como en el entrenamiento.',

  'model.precision.h': 'Las posiciones en los números del propio modelo',
  'model.precision.1':
    'El widget calcula cada ángulo de forma exacta. El modelo no: multiplica una posición float32 por una frecuencia float32, redondea el producto a float32 y guarda cos y sin en bfloat16, que conserva solo ocho bits significativos. En Llama 3.1, en las últimas 4096 posiciones de su contexto de 131 072 tokens (la primera fila de la tabla), un ángulo float32 se desvía hasta 0,0063 rad (0,0028 rad en la propia posición 131 071), y bfloat16 añade su propio redondeo a cada cos y sin. En los pares más lentos, posiciones vecinas se leen entonces exactamente igual: esos pares ya no distinguen a los vecinos, y solo los pares rápidos lo hacen. Y a partir de {f0}, float32 ni siquiera puede representar exactamente la posición: tokens vecinos reciben los mismos ángulos en todos los pares.',
  'model.precision.2':
    'La tabla de precisión reproduce esa aritmética (<code>pe.rope.cosSin</code> con un <code>dtype</code>); sus valores bfloat16 se comprueban bit a bit frente a PyTorch en las pruebas de posenc.',
  'model.foot.1':
    '<a href="methods.html" data-part="2">← Parte 2: más allá de la sinusoidal</a> · <a href="train.html" data-part="4">Parte 4: ¿extrapolan? →</a> · <a id="share" href="#">Enlace a esta vista exacta</a>: la dirección guarda los ajustes del widget.',
};

/** Part 4, train.html: train short, test long. */
export const train = {
  'train.title': '¿Extrapolan? Compruébalo. — posenc, parte 4',
  'train.description':
    'Parte 4 de la lección de posenc: un transformer pequeño entrenado en la página con una longitud y probado con otras más largas, una vez por método de posición y semilla, con los mismos datos y el mismo presupuesto, juzgado por lo que escribe.',
  'train.kicker': 'posenc · lección interactiva · parte 4 de 4',
  'train.h1': '¿Extrapolan? Compruébalo.',
  'train.lede':
    '<a href="index.html" data-part="1">La parte 1</a> y <a href="methods.html" data-part="2">la parte 2</a> mostraron qué calcula cada codificación. Si un modelo que usa una puede leer textos más largos que los del entrenamiento es otra pregunta, y tiene una respuesta que se puede medir: entrenar un modelo pequeño con secuencias cortas y probarlo después con otras más largas. Esta página lo hace en tu navegador.',
  'train.claims.h': 'Lo que afirman las lecciones',
  'train.claims.1':
    '<li>Las codificaciones sinusoidales generalizan a longitudes que nunca se vieron en el entrenamiento: en teoría, porque toda posición tiene una codificación definida; en la práctica, poco.</li><li>Una tabla aprendida no puede extrapolar: una posición más allá de su última fila entrenada no tiene nada con sentido que consultar.</li><li>ALiBi es el que mejor extrapola sin ajustes.</li><li>RoPE se extiende bien a textos más largos cuando se reescalan sus frecuencias (escalado NTK).</li>',
  'train.claims.2':
    'Cada una de estas afirmaciones habla de un modelo entrenado, no de la codificación sola, así que las imágenes de las partes 1 y 2 no pueden zanjarlas.',
  'train.result.h': 'Lo que muestra la carrera por defecto',
  'train.result.1':
    'Todos los métodos aprenden a copiar en la longitud de entrenamiento: en cada una de las tres semillas, cada modelo escribe exactamente al menos el 98 % de las cadenas de prueba de 8 símbolos. Eso importa, porque comparar más allá de la longitud de entrenamiento solo tiene sentido entre modelos que saben hacer la tarea.',
  'train.result.2':
    'Más allá de ella, ninguno de los seis puede. Con 12 símbolos, una vez y media la longitud de entrenamiento, ningún método copia exactamente más del 8 % de las cadenas en ninguna semilla, y desde 16 ninguno copia ni una. Si se cuentan símbolos en lugar de cadenas, ALiBi es el que más conserva: entre el 72 y el 78 % de lo que escribe con 12 es correcto, y entre el 38 y el 50 % con 16, por delante de todos los demás métodos en cada semilla. Los demás escriben bien entre el 7 y el 24 % con 12, en torno al 23 % de la referencia: han dejado de copiar y adivinan.',
  'train.result.3':
    'Así que, en esta tarea y a esta escala, la tabla aprendida no puede extrapolar, como se afirma, y la codificación sinusoidal tampoco. ALiBi es el que se degrada con más suavidad, pero también deja de escribir cadenas correctas. Reescalar las frecuencias de RoPE con NTK dinámico al evaluar no cambia nada medible aquí: con 12 símbolos acierta entre el 7 y el 10 % de los símbolos, y RoPE sin cambios entre el 7 y el 11 %.',
  'train.pi.h': 'Una solución publicada que funciona: la interpolación de posiciones',
  'train.pi.1':
    'Chen et al. (2023) ampliaron el contexto de LLaMA comprimiendo las posiciones en lugar de extenderlas: con una longitud mayor, cada posición se multiplica por la longitud de entrenamiento dividida por la nueva, de modo que cada ángulo que calcula RoPE queda dentro del rango visto en el entrenamiento. La fila <em>RoPE + interpolación de posiciones al evaluar</em> hace esto con el modelo RoPE de la carrera, sin cambiarlo ni reentrenarlo. Copia el 100 % de las cadenas de 12 símbolos en cada semilla, donde los mismos pesos sin la compresión no copian ninguna. Con 16 símbolos, las posiciones comprimidas quedan demasiado juntas para una tarea que debe encontrar el lugar exacto de cada símbolo: la coincidencia exacta cae al 0–20 %, aunque el 79–92 % de los símbolos siguen siendo correctos.',
  'train.pi.2':
    'El artículo sigue la compresión con un ajuste fino breve en la nueva longitud, y eso hace la fila <em>RoPE + interpolación, ajustado en 2L</em>: tras el entrenamiento de la carrera, una décima parte de su presupuesto (100 pasos) con cadenas de 16 símbolos y las posiciones comprimidas. Ese modelo copia exactamente todas las cadenas de 8, 12, 16 y 20 símbolos en las tres semillas, y entre el 75 y el 78 % con 24. Los mismos 100 pasos sin la compresión (añade <em>RoPE ajustado en 2L, sin interpolación</em> a la carrera para verlo) no copian nada más allá de 8 y estropean también la copia con 8 (del 0 al 2 %): lo que funciona es la compresión, no el entrenamiento adicional.',
  'train.limits.h': 'Lo que esto no puede mostrar',
  'train.limits.1':
    'Cada modelo tiene entre 26 500 y 28 700 parámetros y ve 32 000 cadenas de 8 símbolos tomados de 13 (1000 pasos de 32); un modelo de lenguaje tiene miles de millones de parámetros y lee texto durante semanas. Un resultado aquí dice qué hace un método en una tarea algorítmica pequeña a esta escala. No dice nada del lenguaje, donde casi todo lo que el modelo necesita está cerca, y un método que se apoya en los tokens recientes puede mantener plana su perplejidad mientras ignora el pasado lejano. Tres semillas muestran qué diferencias superan el ruido de una sola ejecución; el texto de arriba solo afirma lo que se cumplió en las tres.',
  'train.studies.h': 'Lo que encontraron los estudios publicados',
  'train.studies.1':
    'Press, Smith y Lewis (2022), que presentaron ALiBi, midieron la perplejidad de modelos de lenguaje con WikiText-103 más allá de la longitud de entrenamiento: la del modelo sinusoidal sube con fuerza, la de la codificación rotatoria y la del sesgo de T5 aguantan más, y la de ALiBi se mantiene plana hasta varias veces la longitud de entrenamiento. Kazemnejad et al. (2023) entrenaron modelos pequeños solo decodificadores en tareas algorítmicas como copiar y vieron que no usar ninguna codificación de posición era lo que mejor generalizaba. Ruoss et al. (2023) vieron que las codificaciones habituales fallan en esas tareas más allá de la longitud de entrenamiento, y que entrenar con posiciones tomadas al azar de un rango mayor ayuda. Chen et al. (2023) presentaron la interpolación de posiciones.',
  'train.studies.2':
    'Esta carrera coincide con Ruoss et al. en que ninguna codificación estándar copia cadenas exactas más allá de la longitud de entrenamiento, y con Press et al. en la dirección: los símbolos de ALiBi son los que mejor aguantan. No reproduce la clasificación de Kazemnejad et al.: el modelo sin codificación de posición no va por delante de los demás más allá de la longitud de entrenamiento. La interpolación lleva RoPE hasta una vez y media su longitud, como predice el método de Chen et al. La tabla completa por semillas, y cada artículo comparado punto por punto, está en <code>docs/experiments.md</code> del paquete, generada por el mismo motor a partir de las mismas ejecuciones.',
  'train.foot.1':
    '<a href="model.html" data-part="3">← Parte 3: tu modelo</a> · <a id="share" href="#">Enlace a esta vista exacta</a>: la dirección guarda los ajustes del widget.',
};
