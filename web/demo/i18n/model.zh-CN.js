// Part 3 of the demo lesson (model.html) in Simplified Chinese: the text of every element the page marks with
// data-i18n="model.…", data-i18n-label or data-i18n-attr, in the page's order (web/demo/language.js explains the
// keys). {f:name} is the English element's formula marked data-f="name". What every part shares (the header's
// switches, the footer, the scripts' messages) is in shared/zh-CN.js. The widgets speak Simplified Chinese through
// their own catalogue (web/src/widgets/catalogues/zh-CN.js); where this text names a widget's control, it uses
// that catalogue's words.

export default {
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
