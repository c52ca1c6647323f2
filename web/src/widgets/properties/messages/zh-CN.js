// <posenc-properties> 的简体中文消息。键和 {占位符} 与 ./en.js 一致。
export default {
  'widget.properties': '性质',

  'properties.title': '性质，实时检验',
  'properties.holds': '✓ 成立',
  'properties.fails': '✗ 不成立',
  'properties.table': '这张表：{length} 个位置 × {dModel} 个维度，底数 {base}。下面每个数字都由引擎的输出计算而来。',
  'properties.unique.title': '1. 每个位置都是唯一的',
  'properties.unique.text': '最接近的两行是位置 {a} 和 {b}，它们之间仍相距 {distance}（欧氏距离）。',
  'properties.unique.lesson': '这 {length} 个位置中没有任何两个的编码相同。',
  'properties.bounded.title': '2. 所有取值都在 [−1, 1] 之内',
  'properties.bounded.text': '最小值 {lo}，最大值 {hi}。',
  'properties.bounded.lesson': '与直接用位置计数不同，正弦和余弦不会随位置增长。',
  'properties.rotation.title': '3. 平移 k 等于一次旋转',
  'properties.pairI': '维度对 i',
  'properties.rotation.text': '对每个频率对，用 PE(k) 本身（其 sin 与 cos 分量）构造的 2 × 2 旋转矩阵把 PE(pos) 映射到 PE(pos + k)：',
  'properties.rotation.aria': '维度对 {pair}：旋转矩阵乘以 PE({pos}) 等于 PE({after})',
  'properties.pair': '维度对 {pair}：',
  'properties.versus': '对比 PE({position})：',
  'properties.rotation.error': '全部 {pairs} 个维度对中的最大误差：{error}（维度对 {worst}；容差 {tolerance}）。',
  'properties.rotation.lesson': '这个矩阵只取决于 k，与 pos 无关——注意力正是借此处理相对位置。',
  'properties.extrap.title': '4. 超出训练长度后依然有定义',
  'properties.trainingLength': '训练长度',
  'properties.extrap.text': '超过 {T} 的位置来自同一个公式：那里相邻位置的相似程度（余弦 {beyond}）与范围内（{inside}）完全相同，且任意两个位置的距离都不小于 {closest}（例如相隔 {gap} 的 {T} 和 {other}）。',
  'properties.extrap.lesson': '一张 {T} 行的可学习位置表根本没有位置 {T} 这一行；向引擎请求它会得到下面的错误。不过，有定义不等于能理解：在 {T} 个位置上训练的模型从未见过这些向量，实际中超出训练长度后质量会下降（第 2 部分的缩放方法正是为此而生）。',
  'properties.noError': '（没有报错？）',
  'properties.plotAria': '维度 {dims} 在 {length} 个位置上的折线图；超过训练长度 {T} 的区域带有阴影，曲线平滑延续。',
  'properties.curves': '曲线：',
  'properties.trainingMark': '训练长度 {T} →',
  'properties.axisPosition': '位置',
  'properties.axisValue': 'PE 值',
  'properties.picture': '正弦位置编码表的性质（L {length}，d_model {dModel}）',
  'properties.property': '性质',
  'properties.result': '结果',
  'properties.pictureUnique': '每个位置唯一',
  'properties.pictureUniqueValue': '最小距离 {distance}（位置 {positions}）',
  'properties.pictureBounded': '取值有界',
  'properties.pictureError': '最大误差 {error}',
  'properties.pictureExtrap': '外推',
  'properties.pictureExtrapValue': '相邻位置余弦：范围内 {inside}，范围外 {beyond}',
  'properties.posRange': '0 到 {max} 之间的位置',
  'properties.shiftRange': '0 到 {max} 之间的平移量',
  'properties.pairRange': '0 到 {last} 之间的维度对（d-model / 2 − 1）',
  'properties.trainRange': '2 到 {last} 之间的整数（length − 2，以便其后还有位置可供检验）',
};

/**
 * The demo's section on this widget, in index.html: assembled into web/demo/i18n/zh-CN.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'index.toc.properties': '逐条检验这些承诺',
  'index.properties.h': '逐条检验这些承诺',
  'index.properties.1':
    '回到那份愿望清单。后四条承诺在这里用一张 200 × 64 的表来检验；改动数字，检验就会重新运行。在页面上任何地方选中两个位置，都会设定旋转检验中的 <em>pos</em> 和 <em>k</em>。',
  'index.properties.2':
    '可学习的位置表（GPT-2、BERT）为了灵活性放弃了最后一条承诺，平移一致性也随之放弃：模型为每个位置学习自己的向量。不过在最初的 Transformer 中，可学习的表与正弦编码的结果几乎相同（Vaswani 等，2017），而且可学习的表止步于训练时的长度。请记住第 4 项检验的提醒：正弦编码在训练长度之外仍有定义，但模型在那里的表现依然会变差，外推并非没有代价；第 2 部分会展示 RoPE 模型是如何被拉伸的。旋转位置编码（RoPE）、ALiBi 和 T5 式相对偏置则把位置放进注意力分数里；posenc 引擎同样能计算它们。',
  'index.properties.3':
    '<strong>下一步：</strong><a href="methods.html" data-part="2">第 2 部分——可学习的表、RoPE 及其长上下文缩放、ALiBi、T5 和位置 ID，在你自己的句子上并排比较 →</a>',
};
