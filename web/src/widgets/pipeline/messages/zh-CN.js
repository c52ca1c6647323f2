// <posenc-pipeline> 的简体中文消息。键和 {占位符} 与 ./en.js 一致。
export default {
  'widget.pipeline': '逐步计算',

  'pipeline.title': '从词元到模型输入，逐步演示',
  'pipeline.stage.token': '词元',
  'pipeline.stage.token.text': '位置 {position} 上的文本片段。分词器把它映射为词表中的 id：这里是 {id}（一个有 50 000 个条目的示例词表）。',
  'pipeline.stage.embedding': '查找嵌入向量',
  'pipeline.stage.embedding.text': '嵌入表的第 {id} 行。它表示这个词元是什么，而不包含它在哪里的信息。用均值为 0、标准差为 1/√d_model 的正态分布初始化，与输出层共享这张表的 Transformer 就是这样做的。',
  'pipeline.stage.scaled': '乘以 √d_model = {factor}',
  'pipeline.stage.scaled.text': '乘以 √d_model 使嵌入达到单位尺度，与取值在 [−1, 1] 的位置编码同一数量级；否则位置信号会淹没词元本身的信息。',
  'pipeline.stage.pe': '位置编码 PE({position})',
  'pipeline.stage.pe.text': '由引擎按公式计算——没有任何需要学习的参数。偶数维是正弦，奇数维是余弦；左侧的柱随位置快速变化，右侧的变化缓慢。',
  'pipeline.stage.sum': '相加',
  'pipeline.stage.sum.text': '逐元素相加：大小不变，但现在同时携带了词元是什么以及它在哪里。第一层注意力看到的就是这个向量。',
  'pipeline.stage.dropout': 'Dropout（p = {p}，仅训练时）',
  'pipeline.stage.dropout.text': '训练时每个值以概率 {p} 被置零，保留下来的值除以 {keep}，使期望值保持不变。推理时这一步不起作用。',
  'pipeline.dropoutRange': '0 到 0.9 之间的数',
  'pipeline.stepRange': '1 到 {last} 之间的步骤',
  'pipeline.token': '词元',
  'pipeline.position': '位置',
  'pipeline.playback': '播放',
  'pipeline.play': '播放',
  'pipeline.pause': '暂停',
  'pipeline.back': '上一步',
  'pipeline.step': '下一步',
  'pipeline.stage': '阶段',
  'pipeline.stageValue': '第 {step} 步，共 {count} 步：{title}',
  'pipeline.readout': '第 {step} 步，共 {count} 步：{title}。{text}',
  'pipeline.shape': '形状 {shape} · ‖v‖ = {norm}',
  'pipeline.chartAria': '{title}：{count} 个值的柱状图。方向键逐个读取数值。',
  'pipeline.dropped': '0（已丢弃）',
  'pipeline.hover': '将指针悬停在某个柱上（或聚焦图表后使用方向键），可读取同一维度在各个阶段的取值。',
  'pipeline.hoverTouch': '点按某个柱，可读取同一维度在各个阶段的取值。',
  'pipeline.thenDropout': '，训练时再做 dropout',
  'pipeline.picture': '位于位置 {position} 的“{token}”：{steps}（d_model {dModel}）',
};

/**
 * The demo's section on this widget, in index.html: assembled into web/demo/i18n/zh-CN.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'index.toc.pipeline': '从词元到模型输入',
  'index.pipeline.h': '从词元到模型输入',
  'index.pipeline.1':
    '在模型中，位置向量逐元素加到词元的嵌入上。嵌入说明这个词元<em>是什么</em>，编码说明它<em>在哪里</em>，两者之和同时携带这两种信息。实践中有两个细节：Transformer 在相加之前先把嵌入乘以 {f0}（它的嵌入权重初始值很小，约为 {f1}，否则会被大小为 1 的编码值淹没）；训练时还会对这个和施加 dropout。',
  'index.pipe.token': '你好',
};
