// <posenc-learned> 的简体中文消息。键和 {占位符} 与 ./en.js 一致。
export default {
  'widget.learned': '可学习位置编码',

  'learned.title': '可学习的位置嵌入表',
  'learned.maxLength': '最大长度',
  'learned.seed': '随机种子',
  'learned.presets': '真实模型的规模',
  'learned.preset': '{name} {length} × {dModel}',
  'learned.sizes': '两张表的大小',
  'learned.parameters': '可学习参数（max-length × d_model）',
  'learned.float32': '按 float32 存储（× 4 字节）',
  'learned.megabytes': '{size} MB',
  'learned.kilobytes': '{size} kB',
  'learned.bytes': { other: '{size}（{bytes} 字节）' },
  'learned.sinParameters': '正弦位置编码的参数',
  'learned.sinCache': '；缓存一张同样形状的表需要 {size}，而且任何一行都能随时重新算出',
  'learned.panelLearned': '可学习（随机种子 {seed}，{draws}）',
  'learned.panelSinusoidal': '正弦（底数 {base}）',
  'learned.learnedAria': { other: '可学习位置表的热力图：{length} 个位置 × {dModel} 个维度，其后 {missing} 个位置没有对应的行。上下方向键移动要查询的位置。' },
  'learned.sinusoidalAria': '正弦位置表在位置 0 到 {last} 上的热力图：它越过 {length} 后照常延续。上下方向键移动要查询的位置。',
  'learned.lookUp': '查询位置',
  'learned.position': '位置',
  'learned.lastRow': '最后一行（{row}）',
  'learned.pastEnd': '刚好越过末尾（{row}）',
  'learned.noEmbedding': '没有嵌入向量',
  'learned.rowsAria': '位置 {position} 处两行的条形图。',
  'learned.rowsAriaPast': '位置 {position} 处两行的条形图；可学习表中的那一行并不存在。',
  'learned.lessonPast': '位置 {position} 超出了这张表：使用这张表的模型根本无法读取它。PyTorch 的 {embedding} 在这里会抛出索引错误；引擎则抛出上面的 {error}。既不会回绕到开头，也谈不上外推——而正弦编码的这一行照样可以为该位置直接算出来。',
  'learned.lessonInside': '每一行都是模型在训练中学到的独立向量；没有任何东西把第 {row} 行与相邻的行联系起来，第 {last} 行之后也什么都没有。（GPT-2 和 BERT 学习的正是这样的嵌入表；它们的行一开始也和这里一样，是很小的随机数。）',
  'learned.axisColumns': '维度 →',
  'learned.axisRows': '位置 ↓',
  'learned.noRows': '从 {length} 起没有行',
  'learned.endMark': '最大长度 {length}',
  'learned.legend': '数值',
  'learned.legendLearned': '数值（±3 倍标准差）',
  'learned.barsCaption': '维度 0 … {last}；可学习的条形范围为 ±3 倍标准差，正弦为 ±1',
  'learned.lookupFailed': '无嵌入向量：查表出错',
  'learned.positionRange': '0 及以上的整数',
  'learned.tooBig': 'max-length × d-model = {values} 个值；此组件最多构建 {limit} 个值的表',
  'learned.csvTooBig': '表中有 {values} 个值；CSV 导出上限为 {limit}',
  'learned.picture': '可学习位置表 {length} × {dModel}（随机种子 {seed}）与正弦位置表',
};

/**
 * The demo's section on this widget, in methods.html: assembled into web/demo/i18n/zh-CN.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'methods.toc.learned': '查表得到位置',
  'methods.learned.h': '查表得到位置',
  'methods.learned.1':
    '除了公式，最简单的做法就是查找表：每个位置一个向量，与模型的其余部分一起训练。GPT-2 的表有 1024 行、每行 768 个数，BERT 的有 512 行。训练可以把各行塑造成任何有用的样子，所以在训练长度以内的文本上，可学习的表常常与正弦编码持平，甚至更好。代价就写在表的形状里：只有当 {f1} 时，位置 {f0} 才有对应的行，而整张表要占用 {f2} 个参数。',
  'methods.learned.2':
    '<strong>试一试。</strong>按下跳到<em>末尾后一个位置</em>的按钮。可学习的一侧给不出任何东西——引擎会像 PyTorch 一样报错——而正弦表照常继续。然后选择 GPT-2 的规模，看看内存占用。',
};
