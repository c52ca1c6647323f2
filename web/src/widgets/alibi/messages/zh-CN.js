// <posenc-alibi> 的简体中文消息。键和 {占位符} 与 ./en.js 一致。
export default {
  'widget.alibi': 'ALiBi',

  'alibi.title': 'ALiBi：每个注意力头一个线性惩罚',
  'alibi.heads': '头数',
  'alibi.length': '长度',
  'alibi.symmetric': '对称 −slope·|i − j|（无掩码）',
  'alibi.colours': '配色',
  'alibi.sharedScale': '所有头共用一个色标',
  'alibi.headScale': '每个头各自的色标',
  'alibi.slopes': '斜率',
  'alibi.slopesList': '各头及其斜率',
  'alibi.slopesAria': '{count} 个头的斜率（对数刻度）：{slopes}。',
  'alibi.slopesShort': '斜率',
  'alibi.oneHead': '只有一个头时，规则只给出一个斜率 {slope}。',
  'alibi.powerOfTwo': '{count} 个头（2 的幂）时，斜率构成一个从 {first} 开始的等比数列：在对数刻度上是一条直线。',
  'alibi.notPowerOfTwo': '{count} 不是 2 的幂：前面的头取最接近的较小 2 的幂对应的斜率，其余的头依次取下一个 2 的幂的斜率中每隔一个的值（从第一个开始）。这第一个比之前所有斜率都陡；之后的斜率落在已有斜率之间，所以对数图先向上跳，然后呈锯齿状。',
  'alibi.variant': '对称形式 −slope·|i − j|（无掩码）只是一个变体（一些编码器示例代码会这样写）。论文发表的 ALiBi（Press 等人）以及 BLOOM、MPT 实际运行的版本都是因果的：对过去的键取 −slope·(i − j)，未来的键被掩蔽。',
  'alibi.biasTitle': '每个头加到注意力分数上的偏置',
  'alibi.biasAria': '{heads} 个头的偏置矩阵，{length} × {length}。方向键在所选头中移动光标，Page Up 和 Page Down 切换头，回车键绘制该查询所在的行。',
  'alibi.selectRow': '选定第 {head} 个头、查询 {query}',
  'alibi.biasReadout': '头 {head}，查询 {query}，键 {key}：偏置 = {value} {why}',
  'alibi.biasWhy': '（斜率 {slope} × 距离 {distance}，取负）',
  'alibi.masked': '（未来的键：已掩蔽）',
  'alibi.weightsTitle': '所有分数相等时的注意力权重：完全由偏置决定',
  'alibi.weightsAria': '每个头中查询 {query} 对各个键的注意力权重；头 {head} 高亮显示。左右方向键读取单个键，上下方向键切换头。',
  'alibi.weightReadout': '头 {head}（斜率 {slope}），查询 {query}：键 {key} 上的权重 = {weight}；自身 {self}，键 0 上 {first}',
  'alibi.lessonSymmetric': '陡峭的头（斜率大）几乎把全部权重都放在查询两侧最近的几个词元上；平缓的头则把权重分散到整个上下文。',
  'alibi.lessonCausal': '陡峭的头（斜率大）几乎把全部权重都放在最后几个词元上；平缓的头则把权重分散到整个上下文。',
  'alibi.lessonLinear': '惩罚随距离线性增长，没有最大长度限制，因此任意长度的输入都有分数。训练好的 ALiBi 模型在比训练更长的输入上不会崩溃（Press 等，2022），但它们给远处词元的权重太小，几乎用不上这些词元。',
  'alibi.lessonOriginal': '（原始代码改为在每一行加上 slope·j；在因果掩码下 softmax 看不出差别，因为两者在每一行内只差一个常数。）',
  'alibi.biasCaptionCausal': '偏置（行：查询，列：键；斜线：被掩蔽的未来，−∞）',
  'alibi.biasCaptionSymmetric': '偏置（行：查询，列：键；对称变体）',
  'alibi.headMinimum': '各头的最小值',
  'alibi.axisHead': '头',
  'alibi.axisSlope': '斜率（对数刻度）',
  'alibi.queryMark': '查询 {query}',
  'alibi.axisKey': '键的位置',
  'alibi.axisWeight': '注意力权重',
  'alibi.picture': 'ALiBi：{heads} 个头，长度 {length}{symmetric}',
  'alibi.pictureSymmetric': '，对称',
  'alibi.headSlope': 'h{head} · 斜率 {slope}',
};

/**
 * The demo's section on this widget, in methods.html: assembled into web/demo/i18n/zh-CN.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'methods.toc.alibi': '完全不用嵌入：ALiBi',
  'methods.alibi.h': '完全不用嵌入：ALiBi',
  'methods.alibi.1':
    'ALiBi（Press 等，2022）完全舍弃了位置向量。每个注意力头给自己的注意力分数加上一个惩罚，它随查询与键之间的距离线性增长：{f0}，每个头的斜率 {f1} 各不相同。斜率陡的头只看最近的几个词元；斜率缓的头能读到很远之前。直线没有尽头，所以偏置在任意长度上都有定义。在 Press 等人的实验中，ALiBi 模型在比训练更长的输入上保持了质量，而正弦和旋转编码的模型很快变差；但这一优势主要来自压低远处词元的权重，而不是真正读取它们。',
  'methods.alibi.2':
    '<strong>试一试。</strong>设为 12 个头：12 不是 2 的幂，所以斜率取 8 个头的那组斜率，后面接上 16 个头那组斜率中每隔一个取的值：先是 2<sup>−1/2</sup> ≈ 0.71，比那 8 个都陡，然后是落在它们之间的值。下方所有分数都相等，因此注意力权重只反映偏置本身。',
};
