// The demo lesson in Simplified Chinese: the pages' own text, by the data-i18n keys of index.html,
// methods.html and model.html (web/demo/language.js explains the keys; {f0}, {f1}… are the English
// element's formulas, in their order), and the messages the page scripts write. The widgets speak Chinese
// through their own catalogue (web/src/i18n/zh-CN.js); where this text names a widget's control, it uses
// that catalogue's words.

/** What every part shares: skip link, switches, footer, the scripts' messages. */
export const common = {
  'common.skip': '跳到课程正文',
  'common.theme': '配色主题',
  'common.theme.auto': '自动',
  'common.theme.light': '浅色',
  'common.theme.dark': '深色',
  'common.language': '语言',
  'common.contents': '目录',
  'common.foot.engine': '所有数值都由本页面中运行的 posenc 引擎（C++ 编译为 WebAssembly）计算，不从网络获取任何内容。',
  'js.engine.loading': '正在加载引擎…',
  'js.engine.simd': '引擎已就绪：WebAssembly，支持 SIMD。',
  'js.engine.scalar': '引擎已就绪：WebAssembly（标量版本：此浏览器不支持 WebAssembly SIMD）。',
  'js.engine.failed': '引擎无法启动：{error}',
  'js.formula.scrolls': '公式，可横向滚动',
  'js.formula.more': '公式右边还有内容：横向滚动查看 →',
  'js.formula.back': '← 公式左边还有内容',
  'js.notes.one': '此链接中有 1 项设置无法使用，页面改为显示它自己的值：',
  'js.notes.other': '此链接中有 {count} 项设置无法使用，页面改为显示它自己的值：',
  'js.notes.more': '……另有 {count} 项。',
  'js.notes.hide': '隐藏此提示',
  'js.text.empty': '请先输入几个词。',
  'js.text.used': '{count} 个词元：用于填充表（前 {first} 个）和方法对比。',
};

/** Part 1, index.html: sinusoidal encodings. */
export const index = {
  'index.title': '动手学位置编码 — posenc',
  'index.description': '关于 Transformer 正弦位置编码的交互式课程；每个数值都由 posenc 的 WebAssembly 引擎计算。',
  'index.kicker': 'posenc · 交互式课程',
  'index.h1': '这个词在哪里？动手学位置编码',
  'index.lede':
    'Transformer 同时查看一句话中的所有词元。这让它很快，但也有代价：注意力本身完全不知道哪个词元在前。本页展示这个问题和经典的解决办法——正弦位置编码，并用你可以修改的数字来验证每一个结论。',
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

  'index.order.h': '为什么顺序很重要',
  'index.order.1':
    '自注意力把每个词元与其他所有词元逐一打分，把分数变成权重，再用这些权重混合各词元的向量。整个过程中没有任何地方出现位置。如果打乱词序，每个词遇到的仍是同样的伙伴、同样的分数，因此得到同样的输出——变的只是它落在哪一行。“狗咬人”和“人咬狗”会得到同样的三个向量。',
  'index.order.2': '<strong>试一试。</strong>打乱词序，看差值那一列：每个词元都是零。然后勾选<em>加入位置编码</em>，再打乱一次。',
  'index.order.3': '没有额外的帮助，注意力就把句子当作一袋词。解决办法是：在注意力看到每个词元的向量之前，先把位置放进去。（这里是不带掩码的注意力，就像编码器中那样。解码器的因果掩码只让每个词元看到它之前的词元，这本身就打破了对称：一个词元的输出取决于它前面有多少个词元；完全不用位置编码训练的语言模型，仅凭这一点也能学到一定的位置信息，见 Haviv 等，2022。）',

  'index.formula.h': '公式',
  'index.formula.1': '位置向量应该是什么样子？先列一份简短的愿望清单：',
  'index.formula.2':
    '<li><strong>与嵌入同宽</strong>，这样可以直接与嵌入相加。</li> <li><strong>有界</strong>：位置 5000 产生的数不能比位置 5 大上千倍。</li> <li><strong>互不相同</strong>：任意两个位置不能共用一个向量。</li> <li><strong>平移一致</strong>：“往前数三个词元”在文本开头和中间看起来应当一样。</li> <li><strong>对任意位置都有定义</strong>，包括超出训练中见过的最长文本的位置。</li>',
  'index.formula.3': '最初的 Transformer（Vaswani 等，2017）用正弦和余弦同时满足了这五条。位置 {f3} 的向量中，第 {f0} 个列对（第 {f1} 列和第 {f2} 列）为',
  'index.formula.4':
    '把每一对想象成钟表的一根指针。第 0 对每个位置转过 1 弧度；之后每一对都转得更慢，每次按相同的倍数变慢。转满一圈所需的位置数——也就是波长——按几何级数增长：',
  'index.formula.5':
    '把所有指针合起来读，就能确定位置，就像秒、分、时合在一起确定一天中的时刻——只不过这里有 {f0} 根指针，而且它们连续转动。同一个角度的正弦和余弦，正是指针尖端的两个坐标；也正因为如此，平移 {f1} 个位置就是一次旋转：',
  'index.formula.6':
    '列的排列有两种常见顺序：论文中的<em>交错</em>排列（sin, cos, sin, cos, …）和<em>分块</em>排列（先全部正弦，再全部余弦），后者是 tensor2tensor 和 fairseq 采用的顺序。这两个库的频率间隔也略有不同，相邻两对之间相差 {f0}；posenc 的分块排列保留论文中的频率，只重新排列各列。热力图的 <code>layout</code> 属性可以在两种顺序之间切换。',

  'index.table.h': '编码表及其波形',
  'index.table.1':
    '把位置 0、1、2、…… 的向量作为行堆叠起来，就得到下面这张表。<span class="for-fine">把鼠标移到表格上——或者让表格获得焦点后使用方向键——即可读出任一单元格，并看到代入了数值的公式。</span><span class="for-coarse">点按一个单元格，即可读出它的值，并看到代入了数值的公式。</span>左侧的列逐行来回跳变，右侧的列几乎不变：条纹从左到右越来越宽，每个列对有自己的频率。',
  'index.sizes': '表格大小',
  'index.sizes.size': '大小：',
  'index.sizes.split': '分块排列',
  'index.table.2':
    '把同样的列画成曲线：几个维度的取值随位置增大的变化。把视图切换到<em>数值 vs 维度</em>，就能把单个位置看成跨越各维度的一条曲线；按<em>播放扫描</em>，可以看它随位置移动而变化。',

  'index.compare.h': '比较两个位置',
  'index.compare.1': '选两个词元。有三种标准度量可以比较它们的位置向量 {f0} 和 {f1}：',
  'index.compare.2':
    '每一行的长度（范数）都相同，都是 {f0}（每一对贡献 {f1}），所以这三个数说的是同一件事。又因为 {f2}，点积就是关于<em>间隔</em>的余弦之和：',
  'index.compare.3': '<strong>试一试。</strong>先比较位置 0 和 1，再比较 3 和 4：数字完全相同。然后把间隔拉大。',

  'index.similarity.h': '一次比较所有位置对',
  'index.similarity.1':
    '前 50 个位置两两比较，填满一个正方形。主对角线上，每个位置与自身相比。其余每条对角线上只有一个值——相似度只取决于间隔——而且间隔越大值越小，快波与慢波部分重新对齐的地方会出现起伏。<span class="for-fine">点击一个单元格</span><span class="for-coarse">点按一个单元格两次（或点按后再按<em>选定</em>）</span>：这对位置会成为上方比较的选择（两者都用 d_model = 64，所以显示的数字相同），热力图也会标出这两行。',

  'index.pipeline.h': '从词元到模型输入',
  'index.pipeline.1':
    '在模型中，位置向量逐元素加到词元的嵌入上。嵌入说明这个词元<em>是什么</em>，编码说明它<em>在哪里</em>，两者之和同时携带这两种信息。实践中有两个细节：Transformer 在相加之前先把嵌入乘以 {f0}（它的嵌入权重初始值很小，约为 {f1}，否则会被大小为 1 的编码值淹没）；训练时还会对这个和施加 dropout。',

  'index.code.h': '代码中的切片与广播',
  'index.code.1': '各种实现通常用两次切片赋值一次性构建整张表，再把其中一段加到每个批次上。下面五个步骤把这几行代码逐步拆开，并给出每个阶段的张量形状。',

  'index.properties.h': '逐条检验这些承诺',
  'index.properties.1':
    '回到那份愿望清单。后四条承诺在这里用一张 200 × 64 的表来检验；改动数字，检验就会重新运行。在页面上任何地方选中两个位置，都会设定旋转检验中的 <em>pos</em> 和 <em>k</em>。',
  'index.properties.2':
    '可学习的位置表（GPT-2、BERT）为了灵活性放弃了最后一条承诺，平移一致性也随之放弃：模型为每个位置学习自己的向量。不过在最初的 Transformer 中，可学习的表与正弦编码的结果几乎相同（Vaswani 等，2017），而且可学习的表止步于训练时的长度。请记住第 4 项检验的提醒：正弦编码在训练长度之外仍有定义，但模型在那里的表现依然会变差，外推并非没有代价；第 2 部分会展示 RoPE 模型是如何被拉伸的。旋转位置编码（RoPE）、ALiBi 和 T5 式相对偏置则把位置放进注意力分数里；posenc 引擎同样能计算它们。',
  'index.properties.3':
    '<strong>下一步：</strong><a href="methods.html" data-part="2">第 2 部分——可学习的表、RoPE 及其长上下文缩放、ALiBi、T5 和位置 ID，在你自己的句子上并排比较 →</a>',
  'index.foot.1':
    '<a id="share" href="#">指向当前视图的链接</a>——地址中保存了每个组件的设置。每个组件还提供嵌入代码、CSV 格式的数据和 PNG 格式的图片。',

  // the widgets' example words
  'index.perm.tokens': '我,爱,巴黎',
  'index.cmp.tokens': '小猫,坐,在,垫子,上,了',
  'index.pipe.token': '你好',
};

/** Part 2, methods.html: beyond sinusoidal. */
export const methods = {
  'methods.title': '正弦编码之外：可学习、RoPE、ALiBi、T5 — posenc，第 2 部分',
  'methods.description':
    'posenc 课程第 2 部分：可学习的位置表、旋转位置编码及其长上下文缩放、ALiBi、T5 的距离分桶、带填充的位置 ID，以及所有方法的并排比较；每个数值都由 posenc 的 WebAssembly 引擎计算。',
  'methods.kicker': 'posenc · 交互式课程 · 第 2 部分（共 4 部分）',
  'methods.h1': '正弦编码之外：当今的模型如何知道词元在哪里',
  'methods.lede':
    '<a href="index.html" data-part="1">第 1 部分</a>搭建了 2017 年的方案：给每个词元加上一个固定的波形图案。如今你遇到的模型大多另有做法——学习一张表，旋转查询和键，或者给注意力分数加上惩罚。这一部分在你自己的句子上逐一运行这些想法，最后把所有方法并排放在一起。',
  'methods.text.label': '你的句子',
  'methods.text.use': '使用',
  'methods.text.value': '机器人读完了整本说明书才打开箱子',
  'methods.toc.learned': '查表得到位置',
  'methods.toc.padding': '填充与位置 ID',
  'methods.toc.rope': '旋转而不是相加：RoPE',
  'methods.toc.scaling': '把 RoPE 拉伸到更长的文本',
  'methods.toc.alibi': '完全不用嵌入：ALiBi',
  'methods.toc.t5': '按距离分桶：T5',
  'methods.toc.methods': '所有方法并排比较',

  'methods.learned.h': '查表得到位置',
  'methods.learned.1':
    '除了公式，最简单的做法就是查找表：每个位置一个向量，与模型的其余部分一起训练。GPT-2 的表有 1024 行、每行 768 个数，BERT 的有 512 行。训练可以把各行塑造成任何有用的样子，所以在训练长度以内的文本上，可学习的表常常与正弦编码持平，甚至更好。代价就写在表的形状里：只有当 {f1} 时，位置 {f0} 才有对应的行，而整张表要占用 {f2} 个参数。',
  'methods.learned.2':
    '<strong>试一试。</strong>按下跳到<em>末尾后一个位置</em>的按钮。可学习的一侧给不出任何东西——引擎会像 PyTorch 一样报错——而正弦表照常继续。然后选择 GPT-2 的规模，看看内存占用。',

  'methods.padding.h': '填充与位置 ID',
  'methods.padding.1':
    '模型按批次读取输入，而同一批次中的句子长短不一，所以较短的句子要填充。可学习表或正弦表按每个槽位的<em>位置 ID</em> 取值，而填充带来一个公式从来不必回答的问题：填充槽位拿到哪些 ID？在左侧填充会不会让真实的词发生偏移？transformers 库中的两种约定给出了不同的答案；某个流行教程里的一段代码则弄错了。',
  'methods.padding.2': '<strong>试一试。</strong>切换到左侧填充，比较各行。然后看看红色的单元格。',

  'methods.rope.h': '旋转而不是相加：RoPE',
  'methods.rope.1':
    '旋转位置编码（Su 等，2021）完全不动词元嵌入。在每个注意力层内部，它把每个查询和键切成若干对数，并把第 {f0} 对旋转角度 {f1}，其中 {f2} 是词元的位置，频率就是我们熟悉的 {f3}。分数比较的是旋转后的查询与旋转后的键，而旋转可以复合：',
  'methods.rope.2':
    '只剩下间隔 {f0}。模型看到的仍是绝对位置（每个向量按自己的位置旋转），但注意力比较的是相对位置——而且没有叠加任何可能淹没内容的东西。只有查询和键会旋转；值不旋转，所以一个词元传递出去的内容与它所在的位置无关。当模型借助 KV 缓存生成文本时，新词元的位置等于已缓存的词元数：它的查询和键按这个偏移量旋转，而已缓存的键保持写入时得到的旋转。',
  'methods.rope.3':
    '<strong>试一试。</strong><span class="for-fine">按几次<em>同时 + 1</em>（或让图获得焦点后按 <kbd>→</kbd>）</span><span class="for-coarse">点按几次<em>同时 + 1</em></span>：查询和键一起移动，箭头转动，分数却不变。然后只拖动其中一个。在 <em>half</em>（前后两半配对）和 <em>interleaved</em>（相邻交错配对）之间切换：同样的思路，配对的通道不同。',

  'methods.scaling.h': '把 RoPE 拉伸到更长的文本',
  'methods.scaling.1':
    '一个在 8192 个词元上训练的模型，从未见过慢速的对转过这些位置所能达到的角度。给它 64000 个词元，这些对就会指向它毫无经验的方向——这就是外推问题。各种修正方法都是改变频率：全部放慢（线性插值）、提高底数（NTK、动态 NTK），或者像 Llama 3 和 YaRN 那样：不动编码词序的快速对，把波长超过训练上下文的对完全放慢，并在中间一段对上在两者之间平滑过渡。',
  'methods.scaling.2':
    '<strong>试一试。</strong>切换缩放类型，看曲线的哪一部分在移动。YaRN 和 LongRoPE 还会返回一个<em>注意力因子</em>，用来缩放旋转后的向量。',

  'methods.alibi.h': '完全不用嵌入：ALiBi',
  'methods.alibi.1':
    'ALiBi（Press 等，2022）完全舍弃了位置向量。每个注意力头给自己的注意力分数加上一个惩罚，它随查询与键之间的距离线性增长：{f0}，每个头的斜率 {f1} 各不相同。斜率陡的头只看最近的几个词元；斜率缓的头能读到很远之前。直线没有尽头，所以偏置在任意长度上都有定义。在 Press 等人的实验中，ALiBi 模型在比训练更长的输入上保持了质量，而正弦和旋转编码的模型很快变差；但这一优势主要来自压低远处词元的权重，而不是真正读取它们。',
  'methods.alibi.2':
    '<strong>试一试。</strong>设为 12 个头：12 不是 2 的幂，所以斜率取 8 个头的那组斜率，后面接上 16 个头那组斜率中每隔一个取的值：先是 2<sup>−1/2</sup> ≈ 0.71，比那 8 个都陡，然后是落在它们之间的值。下方所有分数都相等，因此注意力权重只反映偏置本身。',

  'methods.t5.h': '按距离分桶：T5',
  'methods.t5.1':
    'T5 也往分数上加东西，但它是学出来的：一张小表，每个头对每个相对距离<em>桶</em>各有一个数。近的距离各占一个桶；更远的距离共用桶，桶宽按对数增长；最后一个桶收纳这种间距到达它之后的所有距离：32 个桶、<code>max_distance</code> 为 128 时，从距离 91 开始（解码器中为 113），而不是从 128 开始；<code>max_distance</code> 是这种间距会越过最后一个桶的地方。32 个桶就能覆盖任意序列长度。（简化的示意实现则把距离截断到 ±<code>max_distance</code>，让每个截断后的距离各占一个桶；而 T5 本身只用一半的桶表示精确距离，并且在编码器中按方向分开。）',

  'methods.methods.h': '所有方法并排比较',
  'methods.methods.1': '再用一次你的句子，这次所有方法同时上场。每个面板按距离显示该方法对查询与它之前各词元之间分数的贡献。然后把查询推到训练长度之外。',
  'methods.methods.2':
    '<strong>试一试。</strong>按下<em>第一个未见过的位置</em>的按钮：可学习的面板失败，其余四个照常工作，T5、RoPE 和 ALiBi 画出与之前完全相同的曲线（正弦面板也一样，但它显示的是原始的表行：这种方法本身是绝对的）。下面的表格就是由这些计算填出的。',
  'methods.foot.1':
    '<a href="index.html" data-part="1">← 第 1 部分：正弦位置编码</a> · <a href="model.html" data-part="3">第 3 部分：你的模型 →</a> · <a href="train.html" data-part="4">第 4 部分：它们能外推吗？→</a> · <a id="share" href="#">指向当前视图的链接</a>——地址中保存了每个组件的设置。',
};

/** Part 3, model.html: your model. */
export const model = {
  'model.title': '你的模型中的位置 — posenc，第 3 部分',
  'model.description':
    'posenc 课程第 3 部分：像 transformers 那样读取真实模型的 config.json——旋转维度、底数、长上下文缩放、注意力因子，以及模型自身的 float32 和 bfloat16 运算能把位置保持得多精确。',
  'model.kicker': 'posenc · 交互式课程 · 第 3 部分（共 4 部分）',
  'model.h1': '你的模型：长上下文对它的位置意味着什么',
  'model.lede':
    '<a href="methods.html" data-part="2">第 2 部分</a>旋转了查询和键，并为更长的文本拉伸了旋转。这里的设置来自真实模型，读自它们发布时附带的 <code>config.json</code>，读取方式与 transformers 库完全相同。选一个模型，或者粘贴你所用模型的配置。',

  'model.model.h': '一份配置，所有的对',
  'model.model.1':
    '旋转式模型把查询和键的每一对通道旋转一个与位置成正比的角度：第 {f0} 对每个词元转过 {f1}，其中 {f2} 是配置中的 <code>rope_theta</code>，{f3} 是旋转维度。一对通道需要 {f4} 个词元才转满一圈：这就是它的波长。快速的对每隔几个词元就转一圈，能区分相邻的词元；慢速的对在整篇文本中转得很少，只有它们在长距离上的方向携带信息。',
  'model.model.2':
    '<strong>试一试。</strong>从 Llama 3.1 开始，<span class="for-fine">用鼠标沿着各对移动（或让图表获得焦点后使用 <kbd>←</kbd>/<kbd>→</kbd>）</span><span class="for-coarse">沿着图表点按，从一对移到另一对</span>。实线离开虚线的地方，就是缩放把这些对放慢了的地方；紫色线是模型训练时的长度，橙色线是实际使用时的长度。然后切换到带 YaRN 的 Qwen2.5、Phi-3 和 DeepSeek V3，比较它们的注意力因子。',

  'model.long.h': '比训练时更长',
  'model.long.1':
    '训练期间，波长超过训练上下文的对从未转满一圈：模型只见过它圆周的一部分。用在更长的文本上时，这样的对会到达它从未见过的角度。每种缩放方案的应对办法都是放慢一部分对，让扩展后的上下文重新映射回训练中见过的角度：线性缩放把所有对按同一倍数放慢；Llama 3 和 YaRN 不动快速的对（它们转一圈很短，训练中已经见过很多次），只放慢慢速的对，中间平滑过渡；LongRoPE 为每一对使用单独搜索得到的因子。YaRN 和 LongRoPE 还会返回一个注意力因子：cos 和 sin 都乘以它，因此每个分数 q·k 都乘以它的平方。这是为更长的长度设定的 softmax 温度，而不是对变慢的旋转的补偿：键更多时，注意力会被摊平（熵会升高），YaRN 把这个因子取为 0.1·ln s + 1（s 为长度倍数），使注意力大致保持训练时的尖锐程度。',

  'model.precision.h': '模型自身数值中的位置',
  'model.precision.1':
    '这个组件精确地计算每一个角度，模型却不是这样：它把 float32 的位置乘以 float32 的频率，把乘积舍入到 float32，再以 bfloat16 存储 cos 和 sin，而 bfloat16 只保留 8 位有效位。以 Llama 3.1 为例，在其 131072 个词元上下文的最后 4096 个位置中（表格第一行），float32 的角度最多偏差 0.0063 弧度（在位置 131071 本身为 0.0028 弧度），bfloat16 又给每个 cos 和 sin 加上自己的舍入误差。于是在最慢的那些对中，相邻位置读出来完全一样：这些对已无法区分相邻的词元，只有快速的对还能做到。而从 {f0} 开始，float32 甚至无法精确表示位置本身：相邻词元在每一对上都得到相同的角度。',
  'model.precision.2':
    '精度表重现了这种运算（带 <code>dtype</code> 参数的 <code>pe.rope.cosSin</code>）；在 posenc 的测试中，它的 bfloat16 数值与 PyTorch 的结果逐位比对。',
  'model.foot.1': '<a href="methods.html" data-part="2">← 第 2 部分：正弦编码之外</a> · <a href="train.html" data-part="4">第 4 部分：它们能外推吗？→</a> · <a id="share" href="#">指向当前视图的链接</a>——地址中保存了该组件的设置。',
};

/** 第 4 部分，train.html：短序列训练，长序列测试。 */
export const train = {
  'train.title': '它们能外推吗？跑一跑就知道 — posenc 第 4 部分',
  'train.description': 'posenc 课程第 4 部分：在页面中用一种长度训练一个小型 transformer，再在最长四倍的长度上测试；每种位置方法各训练一次，数据和训练预算完全相同。',
  'train.kicker': 'posenc · 交互式课程 · 第 4 部分（共 4 部分）',
  'train.h1': '它们能外推吗？跑一跑就知道。',
  'train.lede':
    '<a href="index.html" data-part="1">第 1 部分</a>和<a href="methods.html" data-part="2">第 2 部分</a>展示了每种编码计算的是什么。使用某种编码的模型能否读懂比训练时更长的文本，是另一个问题，而且它的答案可以测量：用短序列训练一个小模型，再用更长的序列测试它。本页就在你的浏览器里做这件事。',
  'train.claims.h': '课程中的说法',
  'train.claims.1':
    '<li>正弦编码能推广到训练中从未见过的长度：理论上如此，因为每个位置都有确定的编码；实际上效果很弱。</li><li>可学习的位置表无法外推：超出最后一个训练过的行的位置，查不到任何有意义的内容。</li><li>ALiBi 开箱即用时外推效果最好。</li><li>重新缩放频率（NTK 感知缩放）后，RoPE 能很好地扩展到更长的文本。</li>',
  'train.claims.2': '这些说法针对的都是训练好的模型，而不只是编码本身，所以第 1、2 部分的图无法判定它们。',
  'train.race.h': '比赛',
  'train.race.1':
    '任务是给一串符号排序：模型读入这些符号和一个分隔符，然后必须把同样的符号按顺序写出来。每种方法训练的是同一个小型 transformer，使用同一种子生成的相同批次，训练相同的步数，训练长度在图中标出。随后每个模型都在这个长度以及直到四倍长的各个长度上测试，这些更长的长度它从未见过。',
  'train.race.2': '<strong>试一试。</strong>按“<em>比赛</em>”，看各长度准确率曲线逐一出现。然后保留这次比赛，换一个任务或训练长度，再比一次：保留的曲线以虚线留在图上。',
  'train.result.h': '默认比赛的结果',
  'train.result.1':
    '按默认设置（排序，训练长度 8，微型模型，1000 步，种子 0）运行时，比赛在任何机器上都给出相同的数字，因为训练使用了固定种子。在训练长度上，可学习位置表拟合得最好：排序后的词元 97% 正确，78% 的序列完全正确。RoPE 和 T5 紧随其后，词元正确率分别为 89% 和 87%；无位置编码、ALiBi 和正弦编码在 69% 到 77% 之间。',
  'train.result.2':
    '超出训练长度后，排名发生了变化。两种绝对位置编码立刻崩溃：在 12 个符号时，正弦编码模型只有 14% 的词元正确，可学习位置表为 25%，而在 13 个符号中随机猜一个的正确率是 8%。只给注意力提供相对位置或不提供位置的四种方法则逐渐下降：12 个符号时在 68% 到 75% 之间，32 个符号（4 L）时 T5 为 44%，无位置编码为 40%，ALiBi 为 39%，RoPE 为 31%。没有任何方法能保持整个答案正确：超出 L 后，所有方法的完全匹配率都是零（每个长度 32 条测试序列）。',
  'train.result.3':
    '因此，在这个任务和这个规模上：可学习位置表无法外推，正如课程所说；正弦编码也不行，无论理论上如何承诺。ALiBi 能外推，但并不比 T5 或完全不用位置编码更好。RoPE 的外推稍差一些；勾选“<em>RoPE + 测试时动态 NTK</em>”只带来少许改善（在这个种子下，32 个符号时从 31% 升到 35%）。',
  'train.limits.h': '这个实验不能说明什么',
  'train.limits.1':
    '这些模型只有几千个参数，只见过几千条由少数符号组成的短序列；语言模型有数十亿个参数，要读几个星期的文本。这里的结果只说明某种方法在一个小型算法任务上、在这个规模和这个种子下的表现，并不能说明语言上的情况：在语言中，模型需要的大部分信息就在附近，一种依赖近处词元的方法可以在忽略远处内容的同时保持困惑度平稳。换一个种子试试：曲线变动的地方，方法之间的差别就在一次运行的噪声之内。',
  'train.studies.h': '已发表的研究发现了什么',
  'train.studies.1':
    'Press、Smith 和 Lewis（2022）提出了 ALiBi。他们在 WikiText-103 上训练语言模型，测量超出训练长度后的困惑度：正弦编码模型的困惑度在几百个词元内急剧上升，rotary 和 T5 偏置坚持得更久，而 ALiBi 在训练长度的数倍范围内都保持平稳。Kazemnejad 等人（2023）在算法任务（复制、反转、加法、排序等）上从零训练小型纯解码器模型，测量更长长度下的完全正确率：完全不使用位置编码的模型推广得最好，T5 偏置次之，ALiBi、rotary 和绝对位置编码落在后面。',
  'train.studies.2':
    '两项研究都认为绝对位置编码（无论正弦还是可学习）外推很差，也都认为 T5 偏置优于 rotary。它们在 ALiBi 上意见不一，原因在于测量的对象不同：文本上平稳的困惑度奖励关注近处的内容，而这正是 ALiBi 的惩罚项所强制的；复制或反转一个序列却需要关注很远处的那个确切词元。上面的比赛属于第二类测试；在这场比赛中，相对位置方法和无位置编码一起排在绝对位置编码之前，与 Kazemnejad 等人的结果一致。',
  'train.foot.1': '<a href="model.html" data-part="3">← 第 3 部分：你的模型</a> · <a id="share" href="#">指向当前视图的链接</a>——地址中保存了该组件的设置。',
};
