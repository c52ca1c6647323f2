// Part 4 of the demo lesson (train.html) in Spanish (`es`) and Simplified Chinese (`zhCN`): the text of every element the
// page marks with data-i18n="train.…", data-i18n-label or data-i18n-attr, in the page's order
// (web/demo/language.js explains the keys). The English is the page's own. {f:name} is the English element's
// formula marked data-f="name". What every part shares (the header's switches, the footer, the scripts'
// messages) is in ./shared.js. The widgets speak each language through their own catalogue
// (web/src/widgets/catalogues/); where this text names a widget's control, it uses that catalogue's words.

export const es = {
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

export const zhCN = {
  // the page's title, header and contents
  'train.title': '它们能外推吗？跑一跑就知道 — posenc 第 4 部分',
  'train.description': 'posenc 课程第 4 部分：一个小型 Transformer 在页面中以一种长度训练，再用更长的序列测试，每种位置方法、每个种子各一次，数据和预算相同，按它写出的内容评判。',
  'train.kicker': 'posenc · 交互式课程 · 第 4 部分（共 4 部分）',
  'train.h1': '它们能外推吗？跑一跑就知道。',
  'train.lede':
    '<a href="index.html" data-part="1">第 1 部分</a>和<a href="methods.html" data-part="2">第 2 部分</a>展示了每种编码计算的是什么。使用某种编码的模型能否读懂比训练时更长的文本，是另一个问题，而且它的答案可以测量：用短序列训练一个小模型，再用更长的序列测试它。本页就在你的浏览器里做这件事。',

  // <section id="claims">
  'train.claims.h': '课程中的说法',
  'train.claims.1':
    '<li>正弦编码能推广到训练中从未见过的长度：理论上如此，因为每个位置都有确定的编码；实际上效果很弱。</li><li>可学习的位置表无法外推：超出最后一个训练过的行的位置，查不到任何有意义的内容。</li><li>ALiBi 开箱即用时外推效果最好。</li><li>重新缩放频率（NTK 感知缩放）后，RoPE 能很好地扩展到更长的文本。</li>',
  'train.claims.2': '这些说法针对的都是训练好的模型，而不只是编码本身，所以第 1、2 部分的图无法判定它们。',

  // <section id="race">
  'train.race.h': '比赛',
  'train.race.1':
    '任务是复制：模型读入一串符号和一个分隔符，然后必须把同一串符号再写一遍。每种方法都训练同一个小型 Transformer（32 维、两层、四个注意力头），用同样的批次、同样的 1000 步，训练长度标在图上；整场比赛用三个随机种子各重复一遍。之后每个模型在 8 到 32 个符号的七种长度上测试，用的都是没见过的字符串，并按它写出的内容评判：答案逐个符号生成，每个符号再喂回模型，只有全部符号都对，一串才算对。',
  'train.race.2':
    '<strong>试一试。</strong>按下<em>比赛</em>。表格会填入每种方法在每个长度上完全复制正确的字符串比例：三个种子的平均值，种子之间有差异时再给出范围。基线一行是一条什么都不学的规则（每次都写这串符号里最常见的那个），让你看到随机水平是什么样。显示为灰色的方法在训练长度上就没学会任务，不参与训练长度之外的排名。',

  // <section id="result">
  'train.result.h': '默认比赛的结果',
  'train.result.1': '每种方法都在训练长度上学会了复制：三个种子中的每一个，每个模型都把至少 98% 的 8 符号测试串完全写对。这一点很重要，因为只有在都会做这个任务的模型之间，比较训练长度之外的表现才有意义。',
  'train.result.2':
    '超出训练长度后，六种方法都做不到了。在 12 个符号（训练长度的 1.5 倍）时，没有任何方法在任何种子下完全复制对超过 8% 的字符串；从 16 开始，一串都没有。如果数符号而不是数字符串，ALiBi 保留得最多：它在 12 时写出的符号有 72% 到 78% 是对的，在 16 时有 38% 到 50%，在每个种子下都领先其他所有方法。其他方法在 12 时只写对 7% 到 24%，和基线的 23% 差不多：它们已经不再复制，而是在猜。',
  'train.result.3':
    '所以，在这个任务和这个规模上：学到的位置表无法外推，和说法一致；正弦编码也不能。ALiBi 退化得最平缓，但它同样写不出正确的字符串。测试时用动态 NTK 重新缩放 RoPE 的频率，在这里没有可测的变化：12 个符号时它写对 7% 到 10% 的符号，不加缩放的 RoPE 是 7% 到 11%。',

  // <section id="interpolation">
  'train.pi.h': '一个有效的已发表方法：位置插值',
  'train.pi.1':
    'Chen 等人（2023）通过压缩位置而不是延伸位置来扩展 LLaMA 的上下文：在更长的长度上，每个位置都乘以训练长度与新长度之比，使 RoPE 计算的每个角度都落在训练时见过的范围内。<em>RoPE + 测试时位置插值</em>这一行就对比赛中的 RoPE 模型这样做，模型本身不变，也不重新训练。它在每个种子下都把 12 个符号的字符串 100% 复制正确，而同样的权重不加压缩时一串也复制不对。到 16 个符号时，压缩后的位置挨得太近，而这个任务必须找到每个符号的确切位置：完全匹配率降到 0–20%，不过仍有 79–92% 的符号是对的。',
  'train.pi.2':
    '论文在压缩之后还会在新长度上做一次短暂的微调，<em>RoPE + 插值，在 2L 微调</em>这一行也这样做：在比赛的训练之后，用压缩后的位置在 16 个符号的字符串上再训练预算的十分之一（100 步）。这个模型在三个种子下都把 8、12、16 和 20 个符号的字符串全部完全复制正确，24 个符号时也有 75% 到 78%。同样的 100 步如果不压缩位置（把<em>RoPE 在 2L 微调，不插值</em>加入比赛就能看到），超过 8 之后一串也复制不对，连 8 个符号的复制也被破坏了（0% 到 2%）：起作用的是压缩，而不是额外的训练。',

  // <section id="limits">
  'train.limits.h': '这个实验不能说明什么',
  'train.limits.1':
    '每个模型有 26 500 到 28 700 个参数，见过 32 000 个由 13 种符号组成、长度为 8 的字符串（1000 步，每步 32 个）；而语言模型有数十亿参数，要读好几周的文本。这里的结果只说明一种方法在这个规模的一个小算法任务上的表现。它对语言什么也说明不了：语言里模型需要的大部分信息都在附近，一种依赖最近词元的方法可以忽略遥远的过去而保持困惑度平稳。三个种子能看出哪些差异大于单次运行的噪声；上面的文字只陈述三个种子都成立的结论。',

  // <section id="studies">
  'train.studies.h': '已发表的研究发现了什么',
  'train.studies.1':
    '提出 ALiBi 的 Press、Smith 和 Lewis（2022）在 WikiText-103 上测量了语言模型超出训练长度后的困惑度：正弦编码模型的困惑度急剧上升，旋转位置编码和 T5 偏置坚持得更久，而 ALiBi 在训练长度的数倍范围内都保持平稳。Kazemnejad 等人（2023）在复制等算法任务上训练小型仅解码器模型，发现完全不用位置编码泛化得最好。Ruoss 等人（2023）发现常见的编码在这类任务上超出训练长度就会失败，而用从更大范围随机抽取的位置来训练会有帮助。Chen 等人（2023）提出了位置插值。',
  'train.studies.2':
    '这场比赛与 Ruoss 等人一致：没有哪种标准编码能在训练长度之外写出完全正确的字符串；与 Press 等人在方向上一致：ALiBi 的符号保持得最好。它没有重现 Kazemnejad 等人的排名：不用位置编码的模型在训练长度之外并不领先。插值把 RoPE 带到了训练长度的 1.5 倍，正如 Chen 等人的方法所预期。按种子列出的完整表格，以及与每篇论文逐点的比较，在包里的 <code>docs/experiments.md</code> 中，由同一个引擎根据同样的运行生成。',

  // the footer
  'train.foot.1': '<a href="model.html" data-part="3">← 第 3 部分：你的模型</a> · <a id="share" href="#">指向当前视图的链接</a>——地址中保存了该组件的设置。',
};
