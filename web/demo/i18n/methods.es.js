// Part 2 of the demo lesson (methods.html) in Spanish: the text of every element the page marks with
// data-i18n="methods.…", data-i18n-label or data-i18n-attr, in the page's order (web/demo/language.js explains the
// keys). {f:name} is the English element's formula marked data-f="name". What every part shares (the header's
// switches, the footer, the scripts' messages) is in shared/es.js. The widgets speak Spanish through
// their own catalogue (web/src/widgets/catalogues/es.js); where this text names a widget's control, it uses
// that catalogue's words.

export default {
  // the page's title, header and contents
  'methods.title': 'Más allá de la sinusoidal: aprendidas, RoPE, ALiBi, T5 — posenc, parte 2',
  'methods.description':
    'Parte 2 de la lección de posenc: tablas de posiciones aprendidas, incrustaciones rotatorias y su escalado para contextos largos, ALiBi, las cubetas de T5, identificadores de posición con relleno y todos ellos lado a lado; cada número lo calcula el motor WebAssembly de posenc.',
  'methods.kicker': 'posenc · lección interactiva · parte 2 de 4',
  'methods.h1': 'Más allá de la sinusoidal: cómo saben los modelos actuales dónde está un token',
  'methods.lede':
    '<a href="index.html" data-part="1">La parte 1</a> construyó la receta de 2017: sumar a cada token un patrón fijo de ondas. Los modelos que encuentras hoy casi siempre hacen otra cosa: aprenden una tabla, rotan sus consultas y claves, o suman una penalización a las puntuaciones de atención. Esta parte ejecuta cada idea sobre tu propia oración y termina con todos ellos lado a lado.',
  'methods.text.label': 'Tu oración',
  'methods.text.value': 'El robot leyó el manual entero antes de abrir la caja',
  'methods.text.use': 'Usarla',
  'methods.toc.learned': 'Una tabla para consultar posiciones',
  'methods.toc.padding': 'Relleno e identificadores de posición',
  'methods.toc.rope': 'Rotar en vez de sumar: RoPE',
  'methods.toc.scaling': 'Estirar RoPE hacia textos más largos',
  'methods.toc.alibi': 'Ninguna incrustación: ALiBi',
  'methods.toc.t5': 'Cubetas de distancia: T5',
  'methods.toc.methods': 'Todos, lado a lado',

  // <section id="learned">
  'methods.learned.h': 'Una tabla para consultar posiciones',
  'methods.learned.1':
    'La alternativa más sencilla a una fórmula es una tabla de consulta: un vector por posición, entrenado junto con el resto del modelo. GPT-2 tiene 1024 filas de 768 números; BERT, 512. El entrenamiento puede dar a las filas la forma que más ayude, y por eso las tablas aprendidas a menudo igualan o superan a las sinusoides en textos de la longitud de entrenamiento. El precio está escrito en la forma de la tabla: la fila de la posición {f:p} solo existe si {f:bound}, y la tabla cuesta {f:params} parámetros.',
  'methods.learned.2':
    '<strong>Pruébalo.</strong> Pulsa el botón que lleva a la posición <em>justo después del final</em>. El lado aprendido no tiene nada que dar —el motor responde con un error, como haría PyTorch—, mientras que la tabla sinusoidal sigue sin más. Después elige el tamaño de GPT-2 y mira cuánta memoria ocupa.',

  // <section id="padding">
  'methods.padding.h': 'Relleno e identificadores de posición',
  'methods.padding.1':
    'Los modelos leen por lotes, y las oraciones de un lote tienen longitudes distintas, así que las cortas se rellenan. Una tabla aprendida o sinusoidal se indexa con un <em>identificador de posición</em> por casilla, y el relleno plantea una pregunta que la fórmula nunca tuvo que responder: ¿qué identificadores reciben las casillas de relleno, y el relleno por la izquierda desplaza las palabras reales? Dos convenciones de la biblioteca transformers la responden de forma distinta; un fragmento de código de una lección popular se equivoca.',
  'methods.padding.2': '<strong>Pruébalo.</strong> Cambia al relleno por la izquierda y compara las filas. Después fíjate en las celdas rojas.',

  // <section id="rope">
  'methods.rope.h': 'Rotar en vez de sumar: RoPE',
  'methods.rope.1':
    'La incrustación posicional rotatoria (Su et al., 2021) deja intactas las incrustaciones de los tokens. Dentro de cada capa de atención corta cada consulta y cada clave en pares de números y gira el par {f:pair} un ángulo {f:angle}, donde {f:p} es la posición del token y las frecuencias son las ya conocidas {f:freqs}. Una puntuación compara una consulta rotada con una clave rotada, y las rotaciones se componen:',
  'methods.rope.2':
    'Solo queda la diferencia {f:diff}. El modelo sigue viendo posiciones absolutas (cada vector gira según su propia posición), pero lo que compara la atención es relativo, y no se suma nada que pueda ahogar el contenido. Solo giran las consultas y las claves; los valores no se rotan, así que lo que un token transmite no depende de dónde esté. Cuando un modelo genera texto con una caché KV, la posición del token nuevo es el número de tokens que ya hay en la caché: su consulta y su clave giran según ese desplazamiento, y las claves guardadas conservan la rotación que recibieron al escribirse.',
  'methods.rope.3':
    '<strong>Pruébalo.</strong> <span class="for-fine">Pulsa <em>ambas + 1</em> unas cuantas veces (o da el foco a la figura y pulsa <kbd>→</kbd>)</span><span class="for-coarse">Toca <em>ambas + 1</em> unas cuantas veces</span>: la consulta y la clave se mueven juntas, las flechas giran y la puntuación no cambia. Después arrastra solo una de las dos. Cambia entre los emparejamientos <em>half</em> (por mitades) e <em>interleaved</em> (intercalado): la misma idea, otros canales.',

  // <section id="scaling">
  'methods.scaling.h': 'Estirar RoPE hacia textos más largos',
  'methods.scaling.1':
    'Un modelo entrenado con 8192 tokens nunca ha visto girar sus pares lentos más allá de los ángulos que dan esas posiciones. Dale 64 000 tokens y esos pares apuntarán en direcciones de las que no tiene ninguna experiencia: es un problema de extrapolación. Los remedios cambian las frecuencias: frenarlo todo (interpolación lineal), subir la base (NTK, dinámico) o —lo que hacen Llama 3 y YaRN— dejar como están los pares rápidos, que codifican el orden de las palabras, frenar del todo los pares cuya longitud de onda supera el contexto de entrenamiento y mezclar ambos tratamientos en una franja de pares intermedia.',
  'methods.scaling.2':
    '<strong>Pruébalo.</strong> Cambia el tipo de escalado y observa qué parte de la curva se mueve. YaRN y LongRoPE devuelven además un <em>factor de atención</em> que escala los vectores rotados.',

  // <section id="alibi">
  'methods.alibi.h': 'Ninguna incrustación: ALiBi',
  'methods.alibi.1':
    'ALiBi (Press et al., 2022) prescinde por completo de los vectores de posición. Cada cabeza de atención suma a sus puntuaciones una penalización que crece linealmente con la distancia entre consulta y clave, {f:bias}, con una pendiente {f:slope} distinta en cada cabeza. Las cabezas de pendiente pronunciada miran a los últimos tokens; las de pendiente suave leen muy atrás. Como una recta no tiene fin, el sesgo está definido a cualquier longitud. En las pruebas de Press et al., los modelos con ALiBi mantuvieron su calidad con entradas más largas que las del entrenamiento, cuando los sinusoidales y los rotatorios pronto empeoraban; pero esa ventaja viene sobre todo de dar poco peso a los tokens lejanos, no de leerlos.',
  'methods.alibi.2':
    '<strong>Pruébalo.</strong> Pon 12 cabezas: 12 no es una potencia de dos, así que las pendientes son las del conjunto de 8 cabezas seguidas de una de cada dos pendientes del conjunto de 16: primero 2<sup>−1/2</sup> ≈ 0,71, más pronunciada que cualquiera de las ocho, y luego valores que caen entre las suyas. Abajo todas las puntuaciones son iguales, así que los pesos de atención muestran solo el sesgo.',

  // <section id="t5">
  'methods.t5.h': 'Cubetas de distancia: T5',
  'methods.t5.1':
    'T5 también suma algo a las puntuaciones, pero lo aprende: una pequeña tabla con un número por cabeza para cada <em>cubeta</em> de distancia relativa. Las distancias cortas tienen una cubeta cada una; las más lejanas comparten cubetas cuya anchura crece de forma logarítmica; la última cubeta recoge todas las distancias a partir de donde ese espaciado la alcanza: con 32 cubetas y <code>max_distance</code> 128, desde la distancia 91 (113 en un decodificador), no desde 128; <code>max_distance</code> es donde el espaciado llegaría a una cubeta más allá de la última. Con 32 cubetas se cubre cualquier longitud de secuencia. (Los esquemas simplificados, en cambio, recortan la distancia a ±<code>max_distance</code> y dan a cada distancia recortada su propia cubeta; T5 dedica solo la mitad de sus cubetas a distancias exactas y, en el codificador, las separa por dirección.)',

  // <section id="methods">
  'methods.methods.h': 'Todos, lado a lado',
  'methods.methods.1':
    'Tu oración una vez más, ahora con todos los métodos a la vez. Cada panel muestra lo que el método aporta a la puntuación entre la consulta y los tokens anteriores a ella, según la distancia. Después lleva la consulta más allá de la longitud de entrenamiento.',
  'methods.methods.2':
    '<strong>Pruébalo.</strong> Pulsa el botón de la <em>primera posición no vista</em>: el panel aprendido falla, los otros cuatro siguen, y T5, RoPE y ALiBi dibujan exactamente la misma curva que antes (el panel sinusoidal también, pero muestra filas de la tabla en bruto: el método en sí es absoluto). La tabla de abajo se rellena con estos cálculos.',

  // the footer
  'methods.foot.1':
    '<a href="index.html" data-part="1">← Parte 1: codificaciones sinusoidales</a> · <a href="model.html" data-part="3">Parte 3: tu modelo →</a> · <a href="train.html" data-part="4">Parte 4: ¿extrapolan? →</a> · <a id="share" href="#">Enlace a esta vista exacta</a>: la dirección guarda los ajustes de todos los widgets.',
};
