// Part 2 of the demo lesson (methods.html) in Spanish (`es`) and Simplified Chinese (`zhCN`): the text of every element the
// page marks with data-i18n="methods.…", data-i18n-label or data-i18n-attr, in the page's order
// (web/demo/language.js explains the keys). The English is the page's own. {f:name} is the English element's
// formula marked data-f="name". What every part shares (the header's switches, the footer, the scripts'
// messages) is in ./shared.js. The widgets speak each language through their own catalogue
// (web/src/widgets/catalogues/); where this text names a widget's control, it uses that catalogue's words.

export const es = {
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

export const zhCN = {
  // the page's title, header and contents
  'methods.title': '正弦编码之外：可学习、RoPE、ALiBi、T5 — posenc，第 2 部分',
  'methods.description': 'posenc 课程第 2 部分：可学习的位置表、旋转位置编码及其长上下文缩放、ALiBi、T5 的距离分桶、带填充的位置 ID，以及所有方法的并排比较；每个数值都由 posenc 的 WebAssembly 引擎计算。',
  'methods.kicker': 'posenc · 交互式课程 · 第 2 部分（共 4 部分）',
  'methods.h1': '正弦编码之外：当今的模型如何知道词元在哪里',
  'methods.lede':
    '<a href="index.html" data-part="1">第 1 部分</a>搭建了 2017 年的方案：给每个词元加上一个固定的波形图案。如今你遇到的模型大多另有做法——学习一张表，旋转查询和键，或者给注意力分数加上惩罚。这一部分在你自己的句子上逐一运行这些想法，最后把所有方法并排放在一起。',
  'methods.text.label': '你的句子',
  'methods.text.value': '机器人读完了整本说明书才打开箱子',
  'methods.text.use': '使用',
  'methods.toc.learned': '查表得到位置',
  'methods.toc.padding': '填充与位置 ID',
  'methods.toc.rope': '旋转而不是相加：RoPE',
  'methods.toc.scaling': '把 RoPE 拉伸到更长的文本',
  'methods.toc.alibi': '完全不用嵌入：ALiBi',
  'methods.toc.t5': '按距离分桶：T5',
  'methods.toc.methods': '所有方法并排比较',

  // <section id="learned">
  'methods.learned.h': '查表得到位置',
  'methods.learned.1':
    '除了公式，最简单的做法就是查找表：每个位置一个向量，与模型的其余部分一起训练。GPT-2 的表有 1024 行、每行 768 个数，BERT 的有 512 行。训练可以把各行塑造成任何有用的样子，所以在训练长度以内的文本上，可学习的表常常与正弦编码持平，甚至更好。代价就写在表的形状里：只有当 {f:bound} 时，位置 {f:p} 才有对应的行，而整张表要占用 {f:params} 个参数。',
  'methods.learned.2': '<strong>试一试。</strong>按下跳到<em>末尾后一个位置</em>的按钮。可学习的一侧给不出任何东西——引擎会像 PyTorch 一样报错——而正弦表照常继续。然后选择 GPT-2 的规模，看看内存占用。',

  // <section id="padding">
  'methods.padding.h': '填充与位置 ID',
  'methods.padding.1':
    '模型按批次读取输入，而同一批次中的句子长短不一，所以较短的句子要填充。可学习表或正弦表按每个槽位的<em>位置 ID</em> 取值，而填充带来一个公式从来不必回答的问题：填充槽位拿到哪些 ID？在左侧填充会不会让真实的词发生偏移？transformers 库中的两种约定给出了不同的答案；某个流行教程里的一段代码则弄错了。',
  'methods.padding.2': '<strong>试一试。</strong>切换到左侧填充，比较各行。然后看看红色的单元格。',

  // <section id="rope">
  'methods.rope.h': '旋转而不是相加：RoPE',
  'methods.rope.1': '旋转位置编码（Su 等，2021）完全不动词元嵌入。在每个注意力层内部，它把每个查询和键切成若干对数，并把第 {f:pair} 对旋转角度 {f:angle}，其中 {f:p} 是词元的位置，频率就是我们熟悉的 {f:freqs}。分数比较的是旋转后的查询与旋转后的键，而旋转可以复合：',
  'methods.rope.2':
    '只剩下间隔 {f:diff}。模型看到的仍是绝对位置（每个向量按自己的位置旋转），但注意力比较的是相对位置——而且没有叠加任何可能淹没内容的东西。只有查询和键会旋转；值不旋转，所以一个词元传递出去的内容与它所在的位置无关。当模型借助 KV 缓存生成文本时，新词元的位置等于已缓存的词元数：它的查询和键按这个偏移量旋转，而已缓存的键保持写入时得到的旋转。',
  'methods.rope.3':
    '<strong>试一试。</strong><span class="for-fine">按几次<em>同时 + 1</em>（或让图获得焦点后按 <kbd>→</kbd>）</span><span class="for-coarse">点按几次<em>同时 + 1</em></span>：查询和键一起移动，箭头转动，分数却不变。然后只拖动其中一个。在 <em>half</em>（前后两半配对）和 <em>interleaved</em>（相邻交错配对）之间切换：同样的思路，配对的通道不同。',

  // <section id="scaling">
  'methods.scaling.h': '把 RoPE 拉伸到更长的文本',
  'methods.scaling.1':
    '一个在 8192 个词元上训练的模型，从未见过慢速的对转过这些位置所能达到的角度。给它 64000 个词元，这些对就会指向它毫无经验的方向——这就是外推问题。各种修正方法都是改变频率：全部放慢（线性插值）、提高底数（NTK、动态 NTK），或者像 Llama 3 和 YaRN 那样：不动编码词序的快速对，把波长超过训练上下文的对完全放慢，并在中间一段对上在两者之间平滑过渡。',
  'methods.scaling.2': '<strong>试一试。</strong>切换缩放类型，看曲线的哪一部分在移动。YaRN 和 LongRoPE 还会返回一个<em>注意力因子</em>，用来缩放旋转后的向量。',

  // <section id="alibi">
  'methods.alibi.h': '完全不用嵌入：ALiBi',
  'methods.alibi.1':
    'ALiBi（Press 等，2022）完全舍弃了位置向量。每个注意力头给自己的注意力分数加上一个惩罚，它随查询与键之间的距离线性增长：{f:bias}，每个头的斜率 {f:slope} 各不相同。斜率陡的头只看最近的几个词元；斜率缓的头能读到很远之前。直线没有尽头，所以偏置在任意长度上都有定义。在 Press 等人的实验中，ALiBi 模型在比训练更长的输入上保持了质量，而正弦和旋转编码的模型很快变差；但这一优势主要来自压低远处词元的权重，而不是真正读取它们。',
  'methods.alibi.2':
    '<strong>试一试。</strong>设为 12 个头：12 不是 2 的幂，所以斜率取 8 个头的那组斜率，后面接上 16 个头那组斜率中每隔一个取的值：先是 2<sup>−1/2</sup> ≈ 0.71，比那 8 个都陡，然后是落在它们之间的值。下方所有分数都相等，因此注意力权重只反映偏置本身。',

  // <section id="t5">
  'methods.t5.h': '按距离分桶：T5',
  'methods.t5.1':
    'T5 也往分数上加东西，但它是学出来的：一张小表，每个头对每个相对距离<em>桶</em>各有一个数。近的距离各占一个桶；更远的距离共用桶，桶宽按对数增长；最后一个桶收纳这种间距到达它之后的所有距离：32 个桶、<code>max_distance</code> 为 128 时，从距离 91 开始（解码器中为 113），而不是从 128 开始；<code>max_distance</code> 是这种间距会越过最后一个桶的地方。32 个桶就能覆盖任意序列长度。（简化的示意实现则把距离截断到 ±<code>max_distance</code>，让每个截断后的距离各占一个桶；而 T5 本身只用一半的桶表示精确距离，并且在编码器中按方向分开。）',

  // <section id="methods">
  'methods.methods.h': '所有方法并排比较',
  'methods.methods.1': '再用一次你的句子，这次所有方法同时上场。每个面板按距离显示该方法对查询与它之前各词元之间分数的贡献。然后把查询推到训练长度之外。',
  'methods.methods.2': '<strong>试一试。</strong>按下<em>第一个未见过的位置</em>的按钮：可学习的面板失败，其余四个照常工作，T5、RoPE 和 ALiBi 画出与之前完全相同的曲线（正弦面板也一样，但它显示的是原始的表行：这种方法本身是绝对的）。下面的表格就是由这些计算填出的。',

  // the footer
  'methods.foot.1':
    '<a href="index.html" data-part="1">← 第 1 部分：正弦位置编码</a> · <a href="model.html" data-part="3">第 3 部分：你的模型 →</a> · <a href="train.html" data-part="4">第 4 部分：它们能外推吗？→</a> · <a id="share" href="#">指向当前视图的链接</a>——地址中保存了每个组件的设置。',
};
