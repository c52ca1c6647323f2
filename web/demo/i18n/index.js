// Part 1 of the demo lesson (index.html) in Spanish (`es`) and Simplified Chinese (`zhCN`): the text of every
// element the page marks with data-i18n="index.…", data-i18n-label or data-i18n-attr, in the page's order
// (web/demo/language.js explains the keys). The English is the page's own. {f:name} is the English element's
// formula marked data-f="name". What every part shares (the header's switches, the footer, the scripts'
// messages) is in ./shared.js. The widgets speak each language through their own catalogue
// (web/src/widgets/catalogues/); where this text names a widget's control, it uses that catalogue's words.

export const es = {
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

export const zhCN = {
  // the page's title, header and contents
  'index.title': '动手学位置编码 — posenc',
  'index.description': '关于 Transformer 正弦位置编码的交互式课程；每个数值都由 posenc 的 WebAssembly 引擎计算。',
  'index.kicker': 'posenc · 交互式课程',
  'index.h1': '这个词在哪里？动手学位置编码',
  'index.lede': 'Transformer 同时查看一句话中的所有词元。这让它很快，但也有代价：注意力本身完全不知道哪个词元在前。本页展示这个问题和经典的解决办法——正弦位置编码，并用你可以修改的数字来验证每一个结论。',
  'index.toc.order': '为什么顺序很重要',
  'index.toc.formula': '公式',
  'index.toc.table': '编码表及其波形',
  'index.toc.compare': '比较两个位置',
  'index.toc.similarity': '一次比较所有位置对',
  'index.toc.pipeline': '从词元到模型输入',
  'index.toc.code': '代码中的切片与广播',
  'index.toc.properties': '逐条检验这些承诺',
  'index.toc.methods': '第 2 部分：正弦编码之外 →',
  'index.toc.train': '第 4 部分：它们能外推吗？跑一跑就知道 →',

  // <section id="order">
  'index.order.h': '为什么顺序很重要',
  'index.order.1': '自注意力把每个词元与其他所有词元逐一打分，把分数变成权重，再用这些权重混合各词元的向量。整个过程中没有任何地方出现位置。如果打乱词序，每个词遇到的仍是同样的伙伴、同样的分数，因此得到同样的输出——变的只是它落在哪一行。“狗咬人”和“人咬狗”会得到同样的三个向量。',
  'index.order.2': '<strong>试一试。</strong>打乱词序，看差值那一列：每个词元都是零。然后勾选<em>加入位置编码</em>，再打乱一次。',
  'index.perm.tokens': '我,爱,巴黎',
  'index.order.3':
    '没有额外的帮助，注意力就把句子当作一袋词。解决办法是：在注意力看到每个词元的向量之前，先把位置放进去。（这里是不带掩码的注意力，就像编码器中那样。解码器的因果掩码只让每个词元看到它之前的词元，这本身就打破了对称：一个词元的输出取决于它前面有多少个词元；完全不用位置编码训练的语言模型，仅凭这一点也能学到一定的位置信息，见 Haviv 等，2022。）',

  // <section id="formula">
  'index.formula.h': '公式',
  'index.formula.1': '位置向量应该是什么样子？先列一份简短的愿望清单：',
  'index.formula.2':
    '<li><strong>与嵌入同宽</strong>，这样可以直接与嵌入相加。</li> <li><strong>有界</strong>：位置 5000 产生的数不能比位置 5 大上千倍。</li> <li><strong>互不相同</strong>：任意两个位置不能共用一个向量。</li> <li><strong>平移一致</strong>：“往前数三个词元”在文本开头和中间看起来应当一样。</li> <li><strong>对任意位置都有定义</strong>，包括超出训练中见过的最长文本的位置。</li>',
  'index.formula.3': '最初的 Transformer（Vaswani 等，2017）用正弦和余弦同时满足了这五条。位置 {f:pos} 的向量中，第 {f:pair} 个列对（第 {f:even} 列和第 {f:odd} 列）为',
  'index.formula.4': '把每一对想象成钟表的一根指针。第 0 对每个位置转过 1 弧度；之后每一对都转得更慢，每次按相同的倍数变慢。转满一圈所需的位置数——也就是波长——按几何级数增长：',
  'index.formula.5': '把所有指针合起来读，就能确定位置，就像秒、分、时合在一起确定一天中的时刻——只不过这里有 {f:hands} 根指针，而且它们连续转动。同一个角度的正弦和余弦，正是指针尖端的两个坐标；也正因为如此，平移 {f:k} 个位置就是一次旋转：',
  'index.formula.6':
    '列的排列有两种常见顺序：论文中的<em>交错</em>排列（sin, cos, sin, cos, …）和<em>分块</em>排列（先全部正弦，再全部余弦），后者是 tensor2tensor 和 fairseq 采用的顺序。这两个库的频率间隔也略有不同，相邻两对之间相差 {f:step}；posenc 的分块排列保留论文中的频率，只重新排列各列。热力图的 <code>layout</code> 属性可以在两种顺序之间切换。',

  // <section id="table">
  'index.table.h': '编码表及其波形',
  'index.table.1':
    '把位置 0、1、2、…… 的向量作为行堆叠起来，就得到下面这张表。<span class="for-fine">把鼠标移到表格上——或者让表格获得焦点后使用方向键——即可读出任一单元格，并看到代入了数值的公式。</span><span class="for-coarse">点按一个单元格，即可读出它的值，并看到代入了数值的公式。</span>左侧的列逐行来回跳变，右侧的列几乎不变：条纹从左到右越来越宽，每个列对有自己的频率。',
  'index.sizes': '表格大小',
  'index.sizes.size': '大小：',
  'index.sizes.split': '分块排列',
  'index.table.2': '把同样的列画成曲线：几个维度的取值随位置增大的变化。把视图切换到<em>数值 vs 维度</em>，就能把单个位置看成跨越各维度的一条曲线；按<em>播放扫描</em>，可以看它随位置移动而变化。',

  // <section id="compare">
  'index.compare.h': '比较两个位置',
  'index.compare.1': '选两个词元。有三种标准度量可以比较它们的位置向量 {f:a} 和 {f:b}：',
  'index.compare.2': '每一行的长度（范数）都相同，都是 {f:norm}（每一对贡献 {f:pythagoras}），所以这三个数说的是同一件事。又因为 {f:identity}，点积就是关于<em>间隔</em>的余弦之和：',
  'index.compare.3': '<strong>试一试。</strong>先比较位置 0 和 1，再比较 3 和 4：数字完全相同。然后把间隔拉大。',
  'index.cmp.tokens': '小猫,坐,在,垫子,上,了',

  // <section id="similarity">
  'index.similarity.h': '一次比较所有位置对',
  'index.similarity.1':
    '前 50 个位置两两比较，填满一个正方形。主对角线上，每个位置与自身相比。其余每条对角线上只有一个值——相似度只取决于间隔——而且间隔越大值越小，快波与慢波部分重新对齐的地方会出现起伏。<span class="for-fine">点击一个单元格</span><span class="for-coarse">点按一个单元格两次（或点按后再按<em>选定</em>）</span>：这对位置会成为上方比较的选择（两者都用 d_model = 64，所以显示的数字相同），热力图也会标出这两行。',

  // <section id="pipeline">
  'index.pipeline.h': '从词元到模型输入',
  'index.pipeline.1':
    '在模型中，位置向量逐元素加到词元的嵌入上。嵌入说明这个词元<em>是什么</em>，编码说明它<em>在哪里</em>，两者之和同时携带这两种信息。实践中有两个细节：Transformer 在相加之前先把嵌入乘以 {f:scale}（它的嵌入权重初始值很小，约为 {f:init}，否则会被大小为 1 的编码值淹没）；训练时还会对这个和施加 dropout。',
  'index.pipe.token': '你好',

  // <section id="code">
  'index.code.h': '代码中的切片与广播',
  'index.code.1': '各种实现通常用两次切片赋值一次性构建整张表，再把其中一段加到每个批次上。下面五个步骤把这几行代码逐步拆开，并给出每个阶段的张量形状。',

  // <section id="properties">
  'index.properties.h': '逐条检验这些承诺',
  'index.properties.1': '回到那份愿望清单。后四条承诺在这里用一张 200 × 64 的表来检验；改动数字，检验就会重新运行。在页面上任何地方选中两个位置，都会设定旋转检验中的 <em>pos</em> 和 <em>k</em>。',
  'index.properties.2':
    '可学习的位置表（GPT-2、BERT）为了灵活性放弃了最后一条承诺，平移一致性也随之放弃：模型为每个位置学习自己的向量。不过在最初的 Transformer 中，可学习的表与正弦编码的结果几乎相同（Vaswani 等，2017），而且可学习的表止步于训练时的长度。请记住第 4 项检验的提醒：正弦编码在训练长度之外仍有定义，但模型在那里的表现依然会变差，外推并非没有代价；第 2 部分会展示 RoPE 模型是如何被拉伸的。旋转位置编码（RoPE）、ALiBi 和 T5 式相对偏置则把位置放进注意力分数里；posenc 引擎同样能计算它们。',
  'index.properties.3': '<strong>下一步：</strong><a href="methods.html" data-part="2">第 2 部分——可学习的表、RoPE 及其长上下文缩放、ALiBi、T5 和位置 ID，在你自己的句子上并排比较 →</a>',

  // the footer
  'index.foot.1': '<a id="share" href="#">指向当前视图的链接</a>——地址中保存了每个组件的设置。每个组件还提供嵌入代码、CSV 格式的数据和 PNG 格式的图片。',
};
