// Part 1 of the demo lesson (index.html) in Spanish: the text of every element the page marks with
// data-i18n="index.…", data-i18n-label or data-i18n-attr, in the page's order (web/demo/language.js explains the
// keys). {f:name} is the English element's formula marked data-f="name". What every part shares (the header's
// switches, the footer, the scripts' messages) is in shared/es.js. The widgets speak Spanish through
// their own catalogue (web/src/widgets/catalogues/es.js); where this text names a widget's control, it uses
// that catalogue's words.

export default {
  // the page's title, header and contents
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

  // <section id="order">
  'index.order.h': 'Por qué importa el orden',
  'index.order.1':
    'La autoatención puntúa cada token frente a todos los demás, convierte las puntuaciones en pesos y mezcla los vectores de los tokens con esos pesos. En esa receta no aparece ninguna posición. Si se reordenan las palabras, cada una se encuentra con los mismos compañeros y las mismas puntuaciones, así que termina con la misma salida: solo cambia la fila en la que cae. «Perro muerde hombre» y «hombre muerde perro» producirían los mismos tres vectores.',
  'index.order.2':
    '<strong>Pruébalo.</strong> Baraja las palabras y observa la columna de diferencias: cero, para cada token. Después marca <em>añadir codificación posicional</em> y vuelve a barajar.',
  'index.perm.tokens': 'Yo,amo,París',
  'index.order.3':
    'Sin ayuda, la atención lee una oración como una bolsa de palabras. La solución es meter la posición en el vector de cada token antes de que la atención llegue a verlo. (Esto es atención sin máscara, como en un codificador. La máscara causal de un decodificador, que solo deja a cada token ver los anteriores, ya rompe la simetría: la salida de un token depende de cuántos tokens lo preceden, y los modelos de lenguaje entrenados sin ninguna codificación posicional aprenden solo con eso cierta noción de posición, Haviv et al. 2022.)',

  // <section id="formula">
  'index.formula.h': 'La fórmula',
  'index.formula.1': '¿Cómo debería ser un vector de posición? Una breve lista de deseos:',
  'index.formula.2':
    '<li><strong>Del mismo ancho que las incrustaciones (embeddings)</strong>, para poder sumárselo sin más.</li> <li><strong>Acotado</strong>: la posición 5000 no debe dar números mil veces mayores que la posición 5.</li> <li><strong>Distinto</strong>: dos posiciones no pueden compartir vector.</li> <li><strong>Coherente con los desplazamientos</strong>: «tres tokens atrás» debería verse igual al principio de un texto que en medio.</li> <li><strong>Definido para cualquier posición</strong>, también más allá del texto más largo visto en el entrenamiento.</li>',
  'index.formula.3':
    'El Transformer original (Vaswani et al., 2017) cumple los cinco con senos y cosenos. El par de columnas {f:pair} (columnas {f:even} y {f:odd}) del vector de la posición {f:pos} es',
  'index.formula.4':
    'Piensa en cada par como en la aguja de un reloj. El par 0 gira un radián por posición; cada par siguiente gira más despacio, siempre en la misma proporción. El número de posiciones que hacen falta para una vuelta completa —la longitud de onda— crece en progresión geométrica:',
  'index.formula.5':
    'Leer todas las agujas a la vez fija la posición, igual que segundos, minutos y horas juntos fijan una hora del día, solo que aquí hay {f:hands} agujas y se mueven de forma continua. El seno y el coseno de un mismo ángulo son las dos coordenadas de la punta de la aguja, y eso es lo que convierte un desplazamiento de {f:k} posiciones en una rotación:',
  'index.formula.6':
    'Hay dos órdenes de columnas en uso: el <em>intercalado</em> del artículo (sin, cos, sin, cos, …) y uno <em>dividido</em> (primero todos los senos, luego todos los cosenos), el orden de tensor2tensor y fairseq. Esas bibliotecas, además, espacian sus frecuencias de forma un poco distinta, con {f:step} entre pares vecinos; la disposición dividida de posenc conserva las frecuencias del artículo y solo reordena las columnas. El atributo <code>layout</code> del mapa de calor cambia entre los dos órdenes.',

  // <section id="table">
  'index.table.h': 'La tabla y sus ondas',
  'index.table.1':
    'Apila como filas los vectores de las posiciones 0, 1, 2, … y obtienes la tabla de abajo. <span class="for-fine">Pasa el puntero por encima —o dale el foco y usa las flechas— para leer cualquier celda con la fórmula ya evaluada.</span><span class="for-coarse">Toca una celda para leerla con la fórmula ya evaluada.</span> Las columnas de la izquierda oscilan de una fila a otra; las de la derecha apenas cambian: las franjas se ensanchan de izquierda a derecha, una frecuencia por cada par de columnas.',
  'index.sizes': 'Tamaño de la tabla',
  'index.sizes.size': 'Tamaño:',
  'index.sizes.split': 'disposición dividida',
  'index.table.2':
    'Las mismas columnas dibujadas como curvas: el valor de unas cuantas dimensiones a medida que crece la posición. Cambia la vista a <em>Valor frente a dimensión</em> para ver una sola posición como una curva a lo largo de sus dimensiones, y pulsa <em>Reproducir barrido</em> para ver cómo cambia al moverse la posición.',

  // <section id="compare">
  'index.compare.h': 'Comparar dos posiciones',
  'index.compare.1': 'Elige dos tokens. Tres medidas habituales comparan sus vectores de posición {f:a} y {f:b}:',
  'index.compare.2':
    'Todas las filas tienen la misma norma, {f:norm} (cada par aporta {f:pythagoras}), así que los tres números cuentan la misma historia. Y como {f:identity}, el producto escalar es una suma de cosenos de la <em>separación</em>:',
  'index.compare.3': '<strong>Pruébalo.</strong> Compara las posiciones 0 y 1, y luego 3 y 4: números idénticos. Después aumenta la separación.',
  'index.cmp.tokens': 'El,gato,duerme,en,la,alfombra',

  // <section id="similarity">
  'index.similarity.h': 'Todos los pares a la vez',
  'index.similarity.1':
    'La comparación de cada par de las 50 primeras posiciones llena un cuadrado. En la diagonal principal cada posición se encuentra consigo misma. Cada una de las demás diagonales tiene un único valor —la similitud solo depende de la separación— y el valor baja a medida que crece la separación, con ondulaciones donde las ondas rápidas y las lentas vuelven a alinearse en parte. <span class="for-fine">Haz clic en una celda</span><span class="for-coarse">Toca dos veces una celda (o tócala y pulsa <em>Elegir</em>)</span>: el par pasa a ser la selección de la comparación de arriba (las dos usan d_model = 64, así que muestran los mismos números), y el mapa de calor marca las dos filas.',

  // <section id="pipeline">
  'index.pipeline.h': 'Del token a la entrada del modelo',
  'index.pipeline.1':
    'En el modelo, el vector de posición se suma, elemento a elemento, a la incrustación (embedding) del token. La incrustación dice <em>qué</em> token es; la codificación dice <em>dónde</em> está; su suma lleva las dos cosas. En la práctica importan dos detalles: el Transformer multiplica la incrustación por {f:scale} antes de la suma (sus pesos de incrustación empiezan siendo pequeños, del orden de {f:init}, y de lo contrario quedarían ahogados por los valores de la codificación, de tamaño 1), y durante el entrenamiento se aplica dropout a la suma.',
  'index.pipe.token': 'Hola',

  // <section id="code">
  'index.code.h': 'En código: recortes y broadcasting',
  'index.code.1':
    'Las implementaciones construyen la tabla entera una sola vez con dos asignaciones por recortes y suman un recorte de ella a cada lote. Los cinco pasos de abajo desmontan esas líneas, con la forma de los tensores en cada etapa.',

  // <section id="properties">
  'index.properties.h': 'Las promesas, comprobadas',
  'index.properties.1':
    'Volvamos a la lista de deseos. Las cuatro últimas promesas se comprueban aquí sobre una tabla de 200 × 64; cambia los números y las comprobaciones se repiten. Al seleccionar dos posiciones en cualquier lugar de la página se fijan <em>pos</em> y <em>k</em> de la comprobación de la rotación.',
  'index.properties.2':
    'Las tablas de posiciones aprendidas (GPT-2, BERT) renuncian a la última promesa, y con ella a la coherencia con los desplazamientos, a cambio de flexibilidad: el modelo aprende su propio vector para cada posición. Aun así, en el Transformer original una tabla aprendida y las sinusoides dieron resultados casi idénticos (Vaswani et al. 2017), y una tabla aprendida se detiene en la longitud con la que se entrenó. Ten presente la advertencia de la comprobación 4: las sinusoides están definidas más allá de la longitud de entrenamiento, y aun así los modelos empeoran ahí, porque la extrapolación no sale gratis; la parte 2 muestra cómo se estiran los modelos con RoPE. Las incrustaciones rotatorias (RoPE), ALiBi y los sesgos relativos al estilo de T5 llevan la posición a las puntuaciones de atención; el motor de posenc también los calcula.',
  'index.properties.3':
    '<strong>Siguiente:</strong> <a href="methods.html" data-part="2">Parte 2 — tablas aprendidas, RoPE y su escalado para contextos largos, ALiBi, T5 e identificadores de posición, comparados sobre tu propia oración →</a>',

  // the footer
  'index.foot.1':
    '<a id="share" href="#">Enlace a esta vista exacta</a>: la dirección guarda los ajustes de todos los widgets. Cada widget ofrece además su código para insertar, sus datos en CSV y su imagen en PNG.',
};
