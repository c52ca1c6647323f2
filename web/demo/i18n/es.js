// The demo lesson in Spanish: the pages' own text, by the data-i18n keys of index.html, methods.html and
// model.html (web/demo/language.js explains the keys; {f0}, {f1}… are the English element's formulas, in
// their order), and the messages the page scripts write. The widgets speak Spanish through their own
// catalogue (web/src/i18n/es.js); where this text names a widget's control, it uses that catalogue's words.

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
  'index.toc.order': 'Por qué importa el orden',
  'index.toc.formula': 'La fórmula',
  'index.toc.table': 'La tabla y sus ondas',
  'index.toc.compare': 'Comparar dos posiciones',
  'index.toc.similarity': 'Todos los pares a la vez',
  'index.toc.pipeline': 'Del token a la entrada del modelo',
  'index.toc.code': 'En código: recortes y broadcasting',
  'index.toc.properties': 'Las promesas, comprobadas',
  'index.toc.methods': 'Parte 2: más allá de la sinusoidal →',
  'index.toc.train': 'Parte 4: ¿extrapolan? Compruébalo →',

  'index.order.h': 'Por qué importa el orden',
  'index.order.1':
    'La autoatención puntúa cada token frente a todos los demás, convierte las puntuaciones en pesos y mezcla los vectores de los tokens con esos pesos. En esa receta no aparece ninguna posición. Si se reordenan las palabras, cada una se encuentra con los mismos compañeros y las mismas puntuaciones, así que termina con la misma salida: solo cambia la fila en la que cae. «Perro muerde hombre» y «hombre muerde perro» producirían los mismos tres vectores.',
  'index.order.2':
    '<strong>Pruébalo.</strong> Baraja las palabras y observa la columna de diferencias: cero, para cada token. Después marca <em>añadir codificación posicional</em> y vuelve a barajar.',
  'index.order.3':
    'Sin ayuda, la atención lee una oración como una bolsa de palabras. La solución es meter la posición en el vector de cada token antes de que la atención llegue a verlo. (Esto es atención sin máscara, como en un codificador. La máscara causal de un decodificador, que solo deja a cada token ver los anteriores, ya rompe la simetría: la salida de un token depende de cuántos tokens lo preceden, y los modelos de lenguaje entrenados sin ninguna codificación posicional aprenden solo con eso cierta noción de posición, Haviv et al. 2022.)',

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

  'index.compare.h': 'Comparar dos posiciones',
  'index.compare.1': 'Elige dos tokens. Tres medidas habituales comparan sus vectores de posición {f0} y {f1}:',
  'index.compare.2':
    'Todas las filas tienen la misma norma, {f0} (cada par aporta {f1}), así que los tres números cuentan la misma historia. Y como {f2}, el producto escalar es una suma de cosenos de la <em>separación</em>:',
  'index.compare.3': '<strong>Pruébalo.</strong> Compara las posiciones 0 y 1, y luego 3 y 4: números idénticos. Después aumenta la separación.',

  'index.similarity.h': 'Todos los pares a la vez',
  'index.similarity.1':
    'La comparación de cada par de las 50 primeras posiciones llena un cuadrado. En la diagonal principal cada posición se encuentra consigo misma. Cada una de las demás diagonales tiene un único valor —la similitud solo depende de la separación— y el valor baja a medida que crece la separación, con ondulaciones donde las ondas rápidas y las lentas vuelven a alinearse en parte. <span class="for-fine">Haz clic en una celda</span><span class="for-coarse">Toca dos veces una celda (o tócala y pulsa <em>Elegir</em>)</span>: el par pasa a ser la selección de la comparación de arriba (las dos usan d_model = 64, así que muestran los mismos números), y el mapa de calor marca las dos filas.',

  'index.pipeline.h': 'Del token a la entrada del modelo',
  'index.pipeline.1':
    'En el modelo, el vector de posición se suma, elemento a elemento, a la incrustación (embedding) del token. La incrustación dice <em>qué</em> token es; la codificación dice <em>dónde</em> está; su suma lleva las dos cosas. En la práctica importan dos detalles: el Transformer multiplica la incrustación por {f0} antes de la suma (sus pesos de incrustación empiezan siendo pequeños, del orden de {f1}, y de lo contrario quedarían ahogados por los valores de la codificación, de tamaño 1), y durante el entrenamiento se aplica dropout a la suma.',

  'index.code.h': 'En código: recortes y broadcasting',
  'index.code.1':
    'Las implementaciones construyen la tabla entera una sola vez con dos asignaciones por recortes y suman un recorte de ella a cada lote. Los cinco pasos de abajo desmontan esas líneas, con la forma de los tensores en cada etapa.',

  'index.properties.h': 'Las promesas, comprobadas',
  'index.properties.1':
    'Volvamos a la lista de deseos. Las cuatro últimas promesas se comprueban aquí sobre una tabla de 200 × 64; cambia los números y las comprobaciones se repiten. Al seleccionar dos posiciones en cualquier lugar de la página se fijan <em>pos</em> y <em>k</em> de la comprobación de la rotación.',
  'index.properties.2':
    'Las tablas de posiciones aprendidas (GPT-2, BERT) renuncian a la última promesa, y con ella a la coherencia con los desplazamientos, a cambio de flexibilidad: el modelo aprende su propio vector para cada posición. Aun así, en el Transformer original una tabla aprendida y las sinusoides dieron resultados casi idénticos (Vaswani et al. 2017), y una tabla aprendida se detiene en la longitud con la que se entrenó. Ten presente la advertencia de la comprobación 4: las sinusoides están definidas más allá de la longitud de entrenamiento, y aun así los modelos empeoran ahí, porque la extrapolación no sale gratis; la parte 2 muestra cómo se estiran los modelos con RoPE. Las incrustaciones rotatorias (RoPE), ALiBi y los sesgos relativos al estilo de T5 llevan la posición a las puntuaciones de atención; el motor de posenc también los calcula.',
  'index.properties.3':
    '<strong>Siguiente:</strong> <a href="methods.html" data-part="2">Parte 2 — tablas aprendidas, RoPE y su escalado para contextos largos, ALiBi, T5 e identificadores de posición, comparados sobre tu propia oración →</a>',
  'index.foot.1':
    '<a id="share" href="#">Enlace a esta vista exacta</a>: la dirección guarda los ajustes de todos los widgets. Cada widget ofrece además su código para insertar, sus datos en CSV y su imagen en PNG.',

  // the widgets' example words
  'index.perm.tokens': 'Yo,amo,París',
  'index.cmp.tokens': 'El,gato,duerme,en,la,alfombra',
  'index.pipe.token': 'Hola',
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
  'methods.toc.learned': 'Una tabla para consultar posiciones',
  'methods.toc.padding': 'Relleno e identificadores de posición',
  'methods.toc.rope': 'Rotar en vez de sumar: RoPE',
  'methods.toc.scaling': 'Estirar RoPE hacia textos más largos',
  'methods.toc.alibi': 'Ninguna incrustación: ALiBi',
  'methods.toc.t5': 'Cubetas de distancia: T5',
  'methods.toc.methods': 'Todos, lado a lado',

  'methods.learned.h': 'Una tabla para consultar posiciones',
  'methods.learned.1':
    'La alternativa más sencilla a una fórmula es una tabla de consulta: un vector por posición, entrenado junto con el resto del modelo. GPT-2 tiene 1024 filas de 768 números; BERT, 512. El entrenamiento puede dar a las filas la forma que más ayude, y por eso las tablas aprendidas a menudo igualan o superan a las sinusoides en textos de la longitud de entrenamiento. El precio está escrito en la forma de la tabla: la fila de la posición {f0} solo existe si {f1}, y la tabla cuesta {f2} parámetros.',
  'methods.learned.2':
    '<strong>Pruébalo.</strong> Pulsa el botón que lleva a la posición <em>justo después del final</em>. El lado aprendido no tiene nada que dar —el motor responde con un error, como haría PyTorch—, mientras que la tabla sinusoidal sigue sin más. Después elige el tamaño de GPT-2 y mira cuánta memoria ocupa.',

  'methods.padding.h': 'Relleno e identificadores de posición',
  'methods.padding.1':
    'Los modelos leen por lotes, y las oraciones de un lote tienen longitudes distintas, así que las cortas se rellenan. Una tabla aprendida o sinusoidal se indexa con un <em>identificador de posición</em> por casilla, y el relleno plantea una pregunta que la fórmula nunca tuvo que responder: ¿qué identificadores reciben las casillas de relleno, y el relleno por la izquierda desplaza las palabras reales? Dos convenciones de la biblioteca transformers la responden de forma distinta; un fragmento de código de una lección popular se equivoca.',
  'methods.padding.2': '<strong>Pruébalo.</strong> Cambia al relleno por la izquierda y compara las filas. Después fíjate en las celdas rojas.',

  'methods.rope.h': 'Rotar en vez de sumar: RoPE',
  'methods.rope.1':
    'La incrustación posicional rotatoria (Su et al., 2021) deja intactas las incrustaciones de los tokens. Dentro de cada capa de atención corta cada consulta y cada clave en pares de números y gira el par {f0} un ángulo {f1}, donde {f2} es la posición del token y las frecuencias son las ya conocidas {f3}. Una puntuación compara una consulta rotada con una clave rotada, y las rotaciones se componen:',
  'methods.rope.2':
    'Solo queda la diferencia {f0}. El modelo sigue viendo posiciones absolutas (cada vector gira según su propia posición), pero lo que compara la atención es relativo, y no se suma nada que pueda ahogar el contenido. Solo giran las consultas y las claves; los valores no se rotan, así que lo que un token transmite no depende de dónde esté. Cuando un modelo genera texto con una caché KV, la posición del token nuevo es el número de tokens que ya hay en la caché: su consulta y su clave giran según ese desplazamiento, y las claves guardadas conservan la rotación que recibieron al escribirse.',
  'methods.rope.3':
    '<strong>Pruébalo.</strong> <span class="for-fine">Pulsa <em>ambas + 1</em> unas cuantas veces (o da el foco a la figura y pulsa <kbd>→</kbd>)</span><span class="for-coarse">Toca <em>ambas + 1</em> unas cuantas veces</span>: la consulta y la clave se mueven juntas, las flechas giran y la puntuación no cambia. Después arrastra solo una de las dos. Cambia entre los emparejamientos <em>half</em> (por mitades) e <em>interleaved</em> (intercalado): la misma idea, otros canales.',

  'methods.scaling.h': 'Estirar RoPE hacia textos más largos',
  'methods.scaling.1':
    'Un modelo entrenado con 8192 tokens nunca ha visto girar sus pares lentos más allá de los ángulos que dan esas posiciones. Dale 64 000 tokens y esos pares apuntarán en direcciones de las que no tiene ninguna experiencia: es un problema de extrapolación. Los remedios cambian las frecuencias: frenarlo todo (interpolación lineal), subir la base (NTK, dinámico) o —lo que hacen Llama 3 y YaRN— dejar como están los pares rápidos, que codifican el orden de las palabras, frenar del todo los pares cuya longitud de onda supera el contexto de entrenamiento y mezclar ambos tratamientos en una franja de pares intermedia.',
  'methods.scaling.2':
    '<strong>Pruébalo.</strong> Cambia el tipo de escalado y observa qué parte de la curva se mueve. YaRN y LongRoPE devuelven además un <em>factor de atención</em> que escala los vectores rotados.',

  'methods.alibi.h': 'Ninguna incrustación: ALiBi',
  'methods.alibi.1':
    'ALiBi (Press et al., 2022) prescinde por completo de los vectores de posición. Cada cabeza de atención suma a sus puntuaciones una penalización que crece linealmente con la distancia entre consulta y clave, {f0}, con una pendiente {f1} distinta en cada cabeza. Las cabezas de pendiente pronunciada miran a los últimos tokens; las de pendiente suave leen muy atrás. Como una recta no tiene fin, el sesgo está definido a cualquier longitud. En las pruebas de Press et al., los modelos con ALiBi mantuvieron su calidad con entradas más largas que las del entrenamiento, cuando los sinusoidales y los rotatorios pronto empeoraban; pero esa ventaja viene sobre todo de dar poco peso a los tokens lejanos, no de leerlos.',
  'methods.alibi.2':
    '<strong>Pruébalo.</strong> Pon 12 cabezas: 12 no es una potencia de dos, así que las pendientes son las del conjunto de 8 cabezas seguidas de una de cada dos pendientes del conjunto de 16: primero 2<sup>−1/2</sup> ≈ 0,71, más pronunciada que cualquiera de las ocho, y luego valores que caen entre las suyas. Abajo todas las puntuaciones son iguales, así que los pesos de atención muestran solo el sesgo.',

  'methods.t5.h': 'Cubetas de distancia: T5',
  'methods.t5.1':
    'T5 también suma algo a las puntuaciones, pero lo aprende: una pequeña tabla con un número por cabeza para cada <em>cubeta</em> de distancia relativa. Las distancias cortas tienen una cubeta cada una; las más lejanas comparten cubetas cuya anchura crece de forma logarítmica; la última cubeta recoge todas las distancias a partir de donde ese espaciado la alcanza: con 32 cubetas y <code>max_distance</code> 128, desde la distancia 91 (113 en un decodificador), no desde 128; <code>max_distance</code> es donde el espaciado llegaría a una cubeta más allá de la última. Con 32 cubetas se cubre cualquier longitud de secuencia. (Los esquemas simplificados, en cambio, recortan la distancia a ±<code>max_distance</code> y dan a cada distancia recortada su propia cubeta; T5 dedica solo la mitad de sus cubetas a distancias exactas y, en el codificador, las separa por dirección.)',

  'methods.methods.h': 'Todos, lado a lado',
  'methods.methods.1':
    'Tu oración una vez más, ahora con todos los métodos a la vez. Cada panel muestra lo que el método aporta a la puntuación entre la consulta y los tokens anteriores a ella, según la distancia. Después lleva la consulta más allá de la longitud de entrenamiento.',
  'methods.methods.2':
    '<strong>Pruébalo.</strong> Pulsa el botón de la <em>primera posición no vista</em>: el panel aprendido falla, los otros cuatro siguen, y T5, RoPE y ALiBi dibujan exactamente la misma curva que antes (el panel sinusoidal también, pero muestra filas de la tabla en bruto: el método en sí es absoluto). La tabla de abajo se rellena con estos cálculos.',
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

  'model.model.h': 'Una configuración, todos los pares',
  'model.model.1':
    'Un modelo rotatorio gira cada par de canales de sus consultas y claves un ángulo proporcional a la posición: el par {f0} gira {f1} por token, donde {f2} es el <code>rope_theta</code> de la configuración y {f3} el ancho rotatorio. Un par necesita {f4} tokens para dar una vuelta completa: esa es su longitud de onda. Los pares rápidos giran cada pocos tokens y distinguen a los vecinos; los lentos giran tan poco a lo largo de todo un texto que solo su dirección a grandes distancias lleva información.',
  'model.model.2':
    '<strong>Pruébalo.</strong> Empieza con Llama 3.1 y <span class="for-fine">recorre los pares con el ratón (o da el foco al gráfico y usa <kbd>←</kbd>/<kbd>→</kbd>)</span><span class="for-coarse">toca a lo largo del gráfico para pasar de un par a otro</span>. Donde la línea continua se separa de la discontinua, el escalado ha frenado los pares; la línea morada es la longitud con la que se entrenó el modelo, y la naranja, la longitud a la que se usa. Después cambia a Qwen2.5 con YaRN, Phi-3 y DeepSeek V3, y compara sus factores de atención.',

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
    'Parte 4 de la lección de posenc: un transformer pequeño entrenado en la página con una longitud y evaluado hasta con cuatro veces esa longitud, una vez por método de posición, con los mismos datos y el mismo presupuesto.',
  'train.kicker': 'posenc · lección interactiva · parte 4 de 4',
  'train.h1': '¿Extrapolan? Compruébalo.',
  'train.lede':
    '<a href="index.html" data-part="1">La parte 1</a> y <a href="methods.html" data-part="2">la parte 2</a> mostraron qué calcula cada codificación. Si un modelo que usa una puede leer textos más largos que los del entrenamiento es otra pregunta, y tiene una respuesta que se puede medir: entrenar un modelo pequeño con secuencias cortas y probarlo después con otras más largas. Esta página lo hace en tu navegador.',
  'train.claims.h': 'Lo que afirman las lecciones',
  'train.claims.1':
    '<li>Las codificaciones sinusoidales generalizan a longitudes que nunca se vieron en el entrenamiento: en teoría, porque toda posición tiene una codificación definida; en la práctica, poco.</li><li>Una tabla aprendida no puede extrapolar: una posición más allá de su última fila entrenada no tiene nada con sentido que consultar.</li><li>ALiBi es el que mejor extrapola sin ajustes.</li><li>RoPE se extiende bien a textos más largos cuando se reescalan sus frecuencias (escalado NTK).</li>',
  'train.claims.2':
    'Cada una de estas afirmaciones habla de un modelo entrenado, no de la codificación sola, así que las imágenes de las partes 1 y 2 no pueden zanjarlas.',
  'train.race.h': 'La carrera',
  'train.race.1':
    'La tarea es ordenar una secuencia de símbolos: el modelo lee los símbolos y un separador, y después debe escribir los mismos símbolos en orden. Cada método entrena el mismo transformer pequeño, con los mismos lotes de la misma semilla, durante el mismo número de pasos, con la longitud de entrenamiento marcada en el gráfico. Después cada modelo se evalúa con esa longitud y con todas las longitudes hasta cuatro veces mayores, que nunca ha visto.',
  'train.race.2':
    '<strong>Pruébalo.</strong> Pulsa <em>Carrera</em> y mira cómo aparecen las curvas de precisión por longitud. Después guarda la carrera, cambia la tarea o la longitud de entrenamiento y vuelve a correr: las curvas guardadas siguen en el gráfico, en discontinua.',
  'train.result.h': 'Lo que muestra la carrera por defecto',
  'train.result.1':
    'Con sus valores por defecto (ordenar, longitud de entrenamiento 8, el modelo diminuto, 1000 pasos, semilla 0), la carrera da los mismos números en cualquier máquina, porque el entrenamiento usa una semilla. En la longitud de entrenamiento la tabla aprendida es la que mejor se ajusta: el 97 % de los tokens ordenados bien y el 78 % de las secuencias completamente bien. Le siguen RoPE y T5, con el 89 % y el 87 % de los tokens; sin codificación, ALiBi y la sinusoidal llegan al 69–77 %.',
  'train.result.2':
    'Más allá de la longitud de entrenamiento, el orden cambia. Las dos codificaciones absolutas se hunden de inmediato: con 12 símbolos, el modelo sinusoidal acierta el 14 % de los tokens y el aprendido el 25 %, frente al 8 % de adivinar uno de los 13 símbolos. Los cuatro métodos que dan a la atención solo posiciones relativas, o ninguna, empeoran poco a poco: entre el 68 % y el 75 % con 12 símbolos y, con 32 símbolos (4 L), el 44 % T5, el 40 % sin codificación, el 39 % ALiBi y el 31 % RoPE. Ningún método mantiene una respuesta entera correcta: más allá de L, la coincidencia exacta es cero en todos (32 secuencias de prueba por longitud).',
  'train.result.3':
    'Así que, en esta tarea y a esta escala, la tabla aprendida no puede extrapolar, como se afirma, y la codificación sinusoidal tampoco, prometa lo que prometa en teoría. ALiBi extrapola, pero no mejor que T5 ni que no usar ninguna codificación. RoPE extrapola algo peor; marcar <em>RoPE + NTK dinámico al evaluar</em> lo mejora solo un poco (del 31 % al 35 % con 32 símbolos y esta semilla).',
  'train.limits.h': 'Lo que esto no puede mostrar',
  'train.limits.1':
    'Estos modelos tienen unos pocos miles de parámetros y ven unos pocos miles de secuencias cortas de un puñado de símbolos; un modelo de lenguaje tiene miles de millones de parámetros y lee texto durante semanas. Un resultado aquí dice qué hace un método en una tarea algorítmica pequeña, a esta escala y con esta semilla. No dice nada del lenguaje, donde casi todo lo que el modelo necesita está cerca, y un método que se apoya en los tokens recientes puede mantener plana su perplejidad mientras ignora el pasado lejano. Cambia la semilla: donde las curvas se mueven, la diferencia entre métodos está dentro del ruido de una sola ejecución.',
  'train.studies.h': 'Lo que encontraron los estudios publicados',
  'train.studies.1':
    'Press, Smith y Lewis (2022), que presentaron ALiBi, entrenaron modelos de lenguaje con WikiText-103 y midieron la perplejidad más allá de la longitud de entrenamiento: la del modelo sinusoidal sube con fuerza en unos cientos de tokens, la de rotary y la del sesgo de T5 aguantan más, y la de ALiBi se mantiene plana hasta varias veces la longitud de entrenamiento. Kazemnejad et al. (2023) entrenaron desde cero modelos pequeños solo decodificadores en tareas algorítmicas (copiar, invertir, sumar, ordenar y otras) y midieron respuestas exactas con longitudes mayores: el modelo sin ninguna codificación de posición fue el que mejor generalizó, el sesgo de T5 quedó después, y ALiBi, rotary y las codificaciones absolutas quedaron por detrás.',
  'train.studies.2':
    'Coinciden en que las codificaciones absolutas, sinusoidales o aprendidas, extrapolan mal, y en que el sesgo de T5 funciona mejor que rotary. Discrepan sobre ALiBi, y la razón es lo que miden: una perplejidad plana en texto premia atender al pasado reciente, que es lo que impone la penalización de ALiBi, mientras que copiar o invertir una secuencia exige atender al token exacto muy atrás. La carrera de arriba es una prueba del segundo tipo, y en ella los métodos relativos y la ausencia de codificación quedaron juntos por delante de los absolutos, como en Kazemnejad et al.',
  'train.foot.1':
    '<a href="model.html" data-part="3">← Parte 3: tu modelo</a> · <a id="share" href="#">Enlace a esta vista exacta</a>: la dirección guarda los ajustes del widget.',
};
