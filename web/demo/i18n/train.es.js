// Part 4 of the demo lesson (train.html) in Spanish: the text of every element the page marks with
// data-i18n="train.…", data-i18n-label or data-i18n-attr, in the page's order (web/demo/language.js explains the
// keys). {f:name} is the English element's formula marked data-f="name". What every part shares (the header's
// switches, the footer, the scripts' messages) is in shared/es.js. The widgets speak Spanish through
// their own catalogue (web/src/widgets/catalogues/es.js); where this text names a widget's control, it uses
// that catalogue's words.

export default {
  // the page's title, header and contents
  'train.title': '¿Extrapolan? Compruébalo. — posenc, parte 4',
  'train.description':
    'Parte 4 de la lección de posenc: un transformer pequeño entrenado en la página con una longitud y probado con otras más largas, una vez por método de posición y semilla, con los mismos datos y el mismo presupuesto, juzgado por lo que escribe.',
  'train.kicker': 'posenc · lección interactiva · parte 4 de 4',
  'train.h1': '¿Extrapolan? Compruébalo.',
  'train.lede':
    '<a href="index.html" data-part="1">La parte 1</a> y <a href="methods.html" data-part="2">la parte 2</a> mostraron qué calcula cada codificación. Si un modelo que usa una puede leer textos más largos que los del entrenamiento es otra pregunta, y tiene una respuesta que se puede medir: entrenar un modelo pequeño con secuencias cortas y probarlo después con otras más largas. Esta página lo hace en tu navegador.',

  // <section id="claims">
  'train.claims.h': 'Lo que afirman las lecciones',
  'train.claims.1':
    '<li>Las codificaciones sinusoidales generalizan a longitudes que nunca se vieron en el entrenamiento: en teoría, porque toda posición tiene una codificación definida; en la práctica, poco.</li><li>Una tabla aprendida no puede extrapolar: una posición más allá de su última fila entrenada no tiene nada con sentido que consultar.</li><li>ALiBi es el que mejor extrapola sin ajustes.</li><li>RoPE se extiende bien a textos más largos cuando se reescalan sus frecuencias (escalado NTK).</li>',
  'train.claims.2':
    'Cada una de estas afirmaciones habla de un modelo entrenado, no de la codificación sola, así que las imágenes de las partes 1 y 2 no pueden zanjarlas.',

  // <section id="race">
  'train.race.h': 'La carrera',
  'train.race.1':
    'La tarea es copiar: el modelo lee una cadena de símbolos y un separador, y después tiene que escribir la misma cadena otra vez. Todos los métodos entrenan el mismo transformer pequeño (32 dimensiones, dos capas, cuatro cabezas) con los mismos lotes durante los mismos 1000 pasos, con la longitud de entrenamiento marcada en el gráfico, y la carrera lo repite todo con tres semillas. Después cada modelo se prueba con siete longitudes, de 8 a 32 símbolos, con cadenas que nunca ha visto, y se juzga por lo que escribe: su respuesta sale símbolo a símbolo, cada uno realimentado, y una cadena solo cuenta si todos sus símbolos son correctos.',
  'train.race.2':
    '<strong>Pruébalo.</strong> Pulsa <em>Carrera</em>. La tabla se llena con la proporción de cadenas que cada método copia exactamente en cada longitud: la media de las tres semillas y el intervalo cuando difieren. La fila de referencia es una regla que no aprende nada (escribir siempre el símbolo más frecuente de la cadena), para que se vea cómo es el azar. Un método en gris no aprendió la tarea en la longitud de entrenamiento y no se clasifica más allá de ella.',

  // <section id="result">
  'train.result.h': 'Lo que muestra la carrera por defecto',
  'train.result.1':
    'Todos los métodos aprenden a copiar en la longitud de entrenamiento: en cada una de las tres semillas, cada modelo escribe exactamente al menos el 98 % de las cadenas de prueba de 8 símbolos. Eso importa, porque comparar más allá de la longitud de entrenamiento solo tiene sentido entre modelos que saben hacer la tarea.',
  'train.result.2':
    'Más allá de ella, ninguno de los seis puede. Con 12 símbolos, una vez y media la longitud de entrenamiento, ningún método copia exactamente más del 8 % de las cadenas en ninguna semilla, y desde 16 ninguno copia ni una. Si se cuentan símbolos en lugar de cadenas, ALiBi es el que más conserva: entre el 72 y el 78 % de lo que escribe con 12 es correcto, y entre el 38 y el 50 % con 16, por delante de todos los demás métodos en cada semilla. Los demás escriben bien entre el 7 y el 24 % con 12, en torno al 23 % de la referencia: han dejado de copiar y adivinan.',
  'train.result.3':
    'Así que, en esta tarea y a esta escala, la tabla aprendida no puede extrapolar, como se afirma, y la codificación sinusoidal tampoco. ALiBi es el que se degrada con más suavidad, pero también deja de escribir cadenas correctas. Reescalar las frecuencias de RoPE con NTK dinámico al evaluar no cambia nada medible aquí: con 12 símbolos acierta entre el 7 y el 10 % de los símbolos, y RoPE sin cambios entre el 7 y el 11 %.',

  // <section id="interpolation">
  'train.pi.h': 'Una solución publicada que funciona: la interpolación de posiciones',
  'train.pi.1':
    'Chen et al. (2023) ampliaron el contexto de LLaMA comprimiendo las posiciones en lugar de extenderlas: con una longitud mayor, cada posición se multiplica por la longitud de entrenamiento dividida por la nueva, de modo que cada ángulo que calcula RoPE queda dentro del rango visto en el entrenamiento. La fila <em>RoPE + interpolación de posiciones al evaluar</em> hace esto con el modelo RoPE de la carrera, sin cambiarlo ni reentrenarlo. Copia el 100 % de las cadenas de 12 símbolos en cada semilla, donde los mismos pesos sin la compresión no copian ninguna. Con 16 símbolos, las posiciones comprimidas quedan demasiado juntas para una tarea que debe encontrar el lugar exacto de cada símbolo: la coincidencia exacta cae al 0–20 %, aunque el 79–92 % de los símbolos siguen siendo correctos.',
  'train.pi.2':
    'El artículo sigue la compresión con un ajuste fino breve en la nueva longitud, y eso hace la fila <em>RoPE + interpolación, ajustado en 2L</em>: tras el entrenamiento de la carrera, una décima parte de su presupuesto (100 pasos) con cadenas de 16 símbolos y las posiciones comprimidas. Ese modelo copia exactamente todas las cadenas de 8, 12, 16 y 20 símbolos en las tres semillas, y entre el 75 y el 78 % con 24. Los mismos 100 pasos sin la compresión (añade <em>RoPE ajustado en 2L, sin interpolación</em> a la carrera para verlo) no copian nada más allá de 8 y estropean también la copia con 8 (del 0 al 2 %): lo que funciona es la compresión, no el entrenamiento adicional.',

  // <section id="limits">
  'train.limits.h': 'Lo que esto no puede mostrar',
  'train.limits.1':
    'Cada modelo tiene entre 26 500 y 28 700 parámetros y ve 32 000 cadenas de 8 símbolos tomados de 13 (1000 pasos de 32); un modelo de lenguaje tiene miles de millones de parámetros y lee texto durante semanas. Un resultado aquí dice qué hace un método en una tarea algorítmica pequeña a esta escala. No dice nada del lenguaje, donde casi todo lo que el modelo necesita está cerca, y un método que se apoya en los tokens recientes puede mantener plana su perplejidad mientras ignora el pasado lejano. Tres semillas muestran qué diferencias superan el ruido de una sola ejecución; el texto de arriba solo afirma lo que se cumplió en las tres.',

  // <section id="studies">
  'train.studies.h': 'Lo que encontraron los estudios publicados',
  'train.studies.1':
    'Press, Smith y Lewis (2022), que presentaron ALiBi, midieron la perplejidad de modelos de lenguaje con WikiText-103 más allá de la longitud de entrenamiento: la del modelo sinusoidal sube con fuerza, la de la codificación rotatoria y la del sesgo de T5 aguantan más, y la de ALiBi se mantiene plana hasta varias veces la longitud de entrenamiento. Kazemnejad et al. (2023) entrenaron modelos pequeños solo decodificadores en tareas algorítmicas como copiar y vieron que no usar ninguna codificación de posición era lo que mejor generalizaba. Ruoss et al. (2023) vieron que las codificaciones habituales fallan en esas tareas más allá de la longitud de entrenamiento, y que entrenar con posiciones tomadas al azar de un rango mayor ayuda. Chen et al. (2023) presentaron la interpolación de posiciones.',
  'train.studies.2':
    'Esta carrera coincide con Ruoss et al. en que ninguna codificación estándar copia cadenas exactas más allá de la longitud de entrenamiento, y con Press et al. en la dirección: los símbolos de ALiBi son los que mejor aguantan. No reproduce la clasificación de Kazemnejad et al.: el modelo sin codificación de posición no va por delante de los demás más allá de la longitud de entrenamiento. La interpolación lleva RoPE hasta una vez y media su longitud, como predice el método de Chen et al. La tabla completa por semillas, y cada artículo comparado punto por punto, está en <code>docs/experiments.md</code> del paquete, generada por el mismo motor a partir de las mismas ejecuciones.',

  // the footer
  'train.foot.1':
    '<a href="model.html" data-part="3">← Parte 3: tu modelo</a> · <a id="share" href="#">Enlace a esta vista exacta</a>: la dirección guarda los ajustes del widget.',
};
