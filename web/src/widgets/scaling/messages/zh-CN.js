// <posenc-scaling> 的简体中文消息。键和 {占位符} 与 ./en.js 一致。
export default {
  'widget.scaling': '缩放',

  'scaling.title': '把 RoPE 拉伸到更长的上下文',
  'scaling.name.default': '默认（不缩放）',
  'scaling.name.linear': '线性（位置插值）',
  'scaling.name.dynamic': '动态 NTK',
  'scaling.type': '类型',
  'scaling.axisGroup': '纵轴',
  'scaling.wavelength': '波长',
  'scaling.inverseFrequency': '逆频率',
  'scaling.solo': '只显示此类型和默认类型',
  'scaling.base': '基数',
  'scaling.factor': '缩放因子',
  'scaling.originalContext': '原始上下文长度',
  'scaling.seqLen': '序列长度（0：缩放因子 × 原始长度）',
  'scaling.presets': '预设',
  'scaling.presetYarn': 'Llama 2 上的 YaRN（128k）',
  'scaling.presetLinear': 'Llama 2 上的线性 ×4',
  'scaling.plotAria': '{pairs} 个维度对在六种缩放类型下的{quantity}（对数刻度），高亮显示 {name}；标出了原始上下文长度 {original}。左右方向键移动维度对光标，上下方向键切换类型。',
  'scaling.ofWavelength': '波长',
  'scaling.ofInverseFrequency': '逆频率',
  'scaling.plotShort': '各缩放类型下的 RoPE 频率',
  'scaling.readout': '维度对 {pair}：默认 θ = {defaultTheta}（波长 {defaultWavelength}）；{type} θ = {theta}（波长 {wavelength}）。注意力因子 {factor}。',
  'scaling.tableAria': '光标所在维度对上的各缩放类型',
  'scaling.colType': '类型',
  'scaling.colTheta': '维度对 {pair} 的 θ',
  'scaling.colWavelength': '波长',
  'scaling.colFactor': '注意力因子',
  'scaling.lesson': '波长超过原始上下文长度的维度对在训练中从未转满一圈：超出这一长度的位置会给它们带来模型从未见过的角度。{linear}把每个频率都除以缩放因子（所有维度对都变慢，包括只负责编码近距离顺序的快速对）。{dynamic} 在序列长度超过原始上下文长度后提高基数（这里的目标长度：{target}）。{yarn} 和 {llama3} 保持快速对不变，把慢速对除以缩放因子，两者之间平滑过渡；YaRN 还会返回一个注意力因子，让 softmax 更尖锐。{longrope} 把每个维度对除以它自己经搜索得到的因子{illustrative}，在原始上下文长度以内则改用短列表。',
  'scaling.lessonLinear': '线性缩放',
  'scaling.lessonDynamic': '动态 NTK',
  'scaling.illustrative': '（这里是一个从 1 升到缩放因子的示意列表——把 {attribute} 设为某个模型的列表即可）',
  'scaling.originalMark': '原始上下文 {value}',
  'scaling.targetMark': '目标 {value}',
  'scaling.axisPair': '维度对 i（快 → 慢）',
  'scaling.axisWavelength': '波长 2π/θ（位置数，对数）',
  'scaling.axisFrequency': '逆频率 θ（每个位置的弧度，对数）',
  'scaling.captionAbove': '紫线以上：在原始上下文内转不满一整圈',
  'scaling.captionBelow': '紫线以下：在原始上下文内转不满一整圈',
  'scaling.picture': 'RoPE 缩放：{name}，缩放因子 {factor}，原始长度 {original}，head_dim {headDim}，基数 {base}',
  'scaling.pairRange': '0 到 {last} 之间的维度对',
};

/**
 * The demo's section on this widget, in methods.html: assembled into web/demo/i18n/zh-CN.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'methods.toc.scaling': '把 RoPE 拉伸到更长的文本',
  'methods.scaling.h': '把 RoPE 拉伸到更长的文本',
  'methods.scaling.1':
    '一个在 8192 个词元上训练的模型，从未见过慢速的对转过这些位置所能达到的角度。给它 64000 个词元，这些对就会指向它毫无经验的方向——这就是外推问题。各种修正方法都是改变频率：全部放慢（线性插值）、提高底数（NTK、动态 NTK），或者像 Llama 3 和 YaRN 那样：不动编码词序的快速对，把波长超过训练上下文的对完全放慢，并在中间一段对上在两者之间平滑过渡。',
  'methods.scaling.2':
    '<strong>试一试。</strong>切换缩放类型，看曲线的哪一部分在移动。YaRN 和 LongRoPE 还会返回一个<em>注意力因子</em>，用来缩放旋转后的向量。',
};
