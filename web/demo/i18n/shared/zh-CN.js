// The demo lesson in Simplified Chinese, the part not about one widget: the pages' header, introductions, navigation and
// footers, the sections about no single widget, and the messages the page scripts write, by the data-i18n keys
// of the pages (web/demo/language.js explains the keys; {f0}, {f1}… are the English element's formulas, in
// their order). A section about one widget is translated beside it, in the `demo` export of
// web/src/widgets/<name>/messages/zh-CN.js; scripts/gen-schema.mjs assembles both into ../zh-CN.js, which the
// pages import. The widgets speak Chinese through their own catalogue (web/src/widgets/catalogues/zh-CN.js); where this
// text names a widget's control, it uses that catalogue's words.

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
  'index.toc.formula': '公式',
  'index.toc.table': '编码表及其波形',
  'index.toc.methods': '第 2 部分：正弦编码之外 →',
  'index.toc.train': '第 4 部分：它们能外推吗？跑一跑就知道 →',

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

  'index.foot.1':
    '<a id="share" href="#">指向当前视图的链接</a>——地址中保存了每个组件的设置。每个组件还提供嵌入代码、CSV 格式的数据和 PNG 格式的图片。',
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
  'train.description':
    'posenc 课程第 4 部分：一个小型 Transformer 在页面中以一种长度训练，再用更长的序列测试，每种位置方法、每个种子各一次，数据和预算相同，按它写出的内容评判。',
  'train.kicker': 'posenc · 交互式课程 · 第 4 部分（共 4 部分）',
  'train.h1': '它们能外推吗？跑一跑就知道。',
  'train.lede':
    '<a href="index.html" data-part="1">第 1 部分</a>和<a href="methods.html" data-part="2">第 2 部分</a>展示了每种编码计算的是什么。使用某种编码的模型能否读懂比训练时更长的文本，是另一个问题，而且它的答案可以测量：用短序列训练一个小模型，再用更长的序列测试它。本页就在你的浏览器里做这件事。',
  'train.claims.h': '课程中的说法',
  'train.claims.1':
    '<li>正弦编码能推广到训练中从未见过的长度：理论上如此，因为每个位置都有确定的编码；实际上效果很弱。</li><li>可学习的位置表无法外推：超出最后一个训练过的行的位置，查不到任何有意义的内容。</li><li>ALiBi 开箱即用时外推效果最好。</li><li>重新缩放频率（NTK 感知缩放）后，RoPE 能很好地扩展到更长的文本。</li>',
  'train.claims.2': '这些说法针对的都是训练好的模型，而不只是编码本身，所以第 1、2 部分的图无法判定它们。',
  'train.result.h': '默认比赛的结果',
  'train.result.1':
    '每种方法都在训练长度上学会了复制：三个种子中的每一个，每个模型都把至少 98% 的 8 符号测试串完全写对。这一点很重要，因为只有在都会做这个任务的模型之间，比较训练长度之外的表现才有意义。',
  'train.result.2':
    '超出训练长度后，六种方法都做不到了。在 12 个符号（训练长度的 1.5 倍）时，没有任何方法在任何种子下完全复制对超过 8% 的字符串；从 16 开始，一串都没有。如果数符号而不是数字符串，ALiBi 保留得最多：它在 12 时写出的符号有 72% 到 78% 是对的，在 16 时有 38% 到 50%，在每个种子下都领先其他所有方法。其他方法在 12 时只写对 7% 到 24%，和基线的 23% 差不多：它们已经不再复制，而是在猜。',
  'train.result.3':
    '所以，在这个任务和这个规模上：学到的位置表无法外推，和说法一致；正弦编码也不能。ALiBi 退化得最平缓，但它同样写不出正确的字符串。测试时用动态 NTK 重新缩放 RoPE 的频率，在这里没有可测的变化：12 个符号时它写对 7% 到 10% 的符号，不加缩放的 RoPE 是 7% 到 11%。',
  'train.pi.h': '一个有效的已发表方法：位置插值',
  'train.pi.1':
    'Chen 等人（2023）通过压缩位置而不是延伸位置来扩展 LLaMA 的上下文：在更长的长度上，每个位置都乘以训练长度与新长度之比，使 RoPE 计算的每个角度都落在训练时见过的范围内。<em>RoPE + 测试时位置插值</em>这一行就对比赛中的 RoPE 模型这样做，模型本身不变，也不重新训练。它在每个种子下都把 12 个符号的字符串 100% 复制正确，而同样的权重不加压缩时一串也复制不对。到 16 个符号时，压缩后的位置挨得太近，而这个任务必须找到每个符号的确切位置：完全匹配率降到 0–20%，不过仍有 79–92% 的符号是对的。',
  'train.pi.2':
    '论文在压缩之后还会在新长度上做一次短暂的微调，<em>RoPE + 插值，在 2L 微调</em>这一行也这样做：在比赛的训练之后，用压缩后的位置在 16 个符号的字符串上再训练预算的十分之一（100 步）。这个模型在三个种子下都把 8、12、16 和 20 个符号的字符串全部完全复制正确，24 个符号时也有 75% 到 78%。同样的 100 步如果不压缩位置（把<em>RoPE 在 2L 微调，不插值</em>加入比赛就能看到），超过 8 之后一串也复制不对，连 8 个符号的复制也被破坏了（0% 到 2%）：起作用的是压缩，而不是额外的训练。',
  'train.limits.h': '这个实验不能说明什么',
  'train.limits.1':
    '每个模型有 26 500 到 28 700 个参数，见过 32 000 个由 13 种符号组成、长度为 8 的字符串（1000 步，每步 32 个）；而语言模型有数十亿参数，要读好几周的文本。这里的结果只说明一种方法在这个规模的一个小算法任务上的表现。它对语言什么也说明不了：语言里模型需要的大部分信息都在附近，一种依赖最近词元的方法可以忽略遥远的过去而保持困惑度平稳。三个种子能看出哪些差异大于单次运行的噪声；上面的文字只陈述三个种子都成立的结论。',
  'train.studies.h': '已发表的研究发现了什么',
  'train.studies.1':
    '提出 ALiBi 的 Press、Smith 和 Lewis（2022）在 WikiText-103 上测量了语言模型超出训练长度后的困惑度：正弦编码模型的困惑度急剧上升，旋转位置编码和 T5 偏置坚持得更久，而 ALiBi 在训练长度的数倍范围内都保持平稳。Kazemnejad 等人（2023）在复制等算法任务上训练小型仅解码器模型，发现完全不用位置编码泛化得最好。Ruoss 等人（2023）发现常见的编码在这类任务上超出训练长度就会失败，而用从更大范围随机抽取的位置来训练会有帮助。Chen 等人（2023）提出了位置插值。',
  'train.studies.2':
    '这场比赛与 Ruoss 等人一致：没有哪种标准编码能在训练长度之外写出完全正确的字符串；与 Press 等人在方向上一致：ALiBi 的符号保持得最好。它没有重现 Kazemnejad 等人的排名：不用位置编码的模型在训练长度之外并不领先。插值把 RoPE 带到了训练长度的 1.5 倍，正如 Chen 等人的方法所预期。按种子列出的完整表格，以及与每篇论文逐点的比较，在包里的 <code>docs/experiments.md</code> 中，由同一个引擎根据同样的运行生成。',
  'train.foot.1': '<a href="model.html" data-part="3">← 第 3 部分：你的模型</a> · <a id="share" href="#">指向当前视图的链接</a>——地址中保存了该组件的设置。',
};
