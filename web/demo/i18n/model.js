// Part 3 of the demo lesson (model.html) in Spanish (`es`) and Simplified Chinese (`zhCN`): the text of every element the
// page marks with data-i18n="model.…", data-i18n-label or data-i18n-attr, in the page's order
// (web/demo/language.js explains the keys). The English is the page's own. {f:name} is the English element's
// formula marked data-f="name". What every part shares (the header's switches, the footer, the scripts'
// messages) is in ./shared.js. The widgets speak each language through their own catalogue
// (web/src/widgets/catalogues/); where this text names a widget's control, it uses that catalogue's words.

export const es = {
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

export const zhCN = {
  // the page's title, header and contents
  'model.title': '你的模型中的位置 — posenc，第 3 部分',
  'model.description': 'posenc 课程第 3 部分：像 transformers 那样读取真实模型的 config.json——旋转维度、底数、长上下文缩放、注意力因子，以及模型自身的 float32 和 bfloat16 运算能把位置保持得多精确。',
  'model.kicker': 'posenc · 交互式课程 · 第 3 部分（共 4 部分）',
  'model.h1': '你的模型：长上下文对它的位置意味着什么',
  'model.lede':
    '<a href="methods.html" data-part="2">第 2 部分</a>旋转了查询和键，并为更长的文本拉伸了旋转。这里的设置来自真实模型，读自它们发布时附带的 <code>config.json</code>，读取方式与 transformers 库完全相同。选一个模型，或者粘贴你所用模型的配置。',

  // <section id="model">
  'model.model.h': '一份配置，所有的对',
  'model.model.1':
    '旋转式模型把查询和键的每一对通道旋转一个与位置成正比的角度：第 {f:pair} 对每个词元转过 {f:freqs}，其中 {f:base} 是配置中的 <code>rope_theta</code>，{f:d} 是旋转维度。一对通道需要 {f:wavelength} 个词元才转满一圈：这就是它的波长。快速的对每隔几个词元就转一圈，能区分相邻的词元；慢速的对在整篇文本中转得很少，只有它们在长距离上的方向携带信息。',
  'model.model.2':
    '<strong>试一试。</strong>从 Llama 3.1 开始，<span class="for-fine">用鼠标沿着各对移动（或让图表获得焦点后使用 <kbd>←</kbd>/<kbd>→</kbd>）</span><span class="for-coarse">沿着图表点按，从一对移到另一对</span>。实线离开虚线的地方，就是缩放把这些对放慢了的地方；紫色线是模型训练时的长度，橙色线是实际使用时的长度。然后切换到带 YaRN 的 Qwen2.5、Phi-3 和 DeepSeek V3，比较它们的注意力因子。',

  // <section id="long">
  'model.long.h': '比训练时更长',
  'model.long.1':
    '训练期间，波长超过训练上下文的对从未转满一圈：模型只见过它圆周的一部分。用在更长的文本上时，这样的对会到达它从未见过的角度。每种缩放方案的应对办法都是放慢一部分对，让扩展后的上下文重新映射回训练中见过的角度：线性缩放把所有对按同一倍数放慢；Llama 3 和 YaRN 不动快速的对（它们转一圈很短，训练中已经见过很多次），只放慢慢速的对，中间平滑过渡；LongRoPE 为每一对使用单独搜索得到的因子。YaRN 和 LongRoPE 还会返回一个注意力因子：cos 和 sin 都乘以它，因此每个分数 q·k 都乘以它的平方。这是为更长的长度设定的 softmax 温度，而不是对变慢的旋转的补偿：键更多时，注意力会被摊平（熵会升高），YaRN 把这个因子取为 0.1·ln s + 1（s 为长度倍数），使注意力大致保持训练时的尖锐程度。',

  // <section id="precision">
  'model.precision.h': '模型自身数值中的位置',
  'model.precision.1':
    '这个组件精确地计算每一个角度，模型却不是这样：它把 float32 的位置乘以 float32 的频率，把乘积舍入到 float32，再以 bfloat16 存储 cos 和 sin，而 bfloat16 只保留 8 位有效位。以 Llama 3.1 为例，在其 131072 个词元上下文的最后 4096 个位置中（表格第一行），float32 的角度最多偏差 0.0063 弧度（在位置 131071 本身为 0.0028 弧度），bfloat16 又给每个 cos 和 sin 加上自己的舍入误差。于是在最慢的那些对中，相邻位置读出来完全一样：这些对已无法区分相邻的词元，只有快速的对还能做到。而从 {f:limit} 开始，float32 甚至无法精确表示位置本身：相邻词元在每一对上都得到相同的角度。',
  'model.precision.2': '精度表重现了这种运算（带 <code>dtype</code> 参数的 <code>pe.rope.cosSin</code>）；在 posenc 的测试中，它的 bfloat16 数值与 PyTorch 的结果逐位比对。',

  // the footer
  'model.foot.1':
    '<a href="methods.html" data-part="2">← 第 2 部分：正弦编码之外</a> · <a href="train.html" data-part="4">第 4 部分：它们能外推吗？→</a> · <a id="share" href="#">指向当前视图的链接</a>——地址中保存了该组件的设置。',
};
