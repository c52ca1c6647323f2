// <posenc-slicing> 的简体中文消息。键和 {占位符} 与 ./en.js 一致。
export default {
  'widget.slicing': '切片与广播',

  'slicing.title': '代码内部：切片与广播',
  'slicing.step1': '索引切片',
  'slicing.step2': '正弦写入偶数列',
  'slicing.step3': '余弦写入奇数列',
  'slicing.step4': '在批次维度上广播',
  'slicing.step5': '逐元素相加',
  'slicing.stepRange': '1 到 {last} 之间的步骤',
  'slicing.steps': '步骤',
  'slicing.stepHeading': '第 {step} 步，共 {count} 步：{title}',
  'slicing.previous': '上一步',
  'slicing.next': '下一步',
  'slicing.tooLongEarly': 'seq = {seq} 大于 length = {length}：建表没有问题，但 {code} 会失败——第 4 步说明原因。',
  'slicing.s1.intro': '切片 {slice} 从第 {start} 列开始，每次跳过 {step} 列。d_model = {dModel} 时各列为：',
  'slicing.columns': '列',
  'slicing.s1.even': '{slice} → 第 {list} 列（偶数列）→ 写入 {fn}',
  'slicing.s1.odd': '{slice} → 第 {list} 列（奇数列）→ 写入 {fn}',
  'slicing.s1.note': '两个切片各有 {half} 列——每个频率一列。列对 (2i, 2i+1) 共用频率 {omega}。',
  'slicing.shapes': '本步骤中的形状',
  'slicing.broadcastNote': '（广播）',
  'slicing.s2.text': '位置列向量乘以频率行向量，一次得到所有角度 {angle}；对它取正弦，填入偶数列：',
  'slicing.col': '第 {column} 列 · {omega}',
  'slicing.fromEngine': '{code}——来自引擎的数值',
  'slicing.s3.text': '同样的角度取余弦后填入奇数列。两个切片合起来恰好覆盖整张表，既无空缺也不重叠：',
  'slicing.wholePe': '完整的 pe，形状 {shape}',
  'slicing.s4.tooLong': '{unsqueeze} 在最前面加一个大小为 1 的轴。切片 {slice} 要取 {seq} 个位置，但表只有 {length} 行；越过末尾的切片并不报错，而是悄悄停在最后一行。错误出现在相加这一步：',
  'slicing.broadcastShapes': '广播中的形状',
  'slicing.batch': '批次',
  'slicing.notSeq': '是 {length}，不是 {seq}',
  'slicing.noError': '1 → {seq}：不报错，每一行都是 PE(0)',
  'slicing.mismatch': '{seq} 对 {length}：出错',
  'slicing.s4.text': '{unsqueeze} 在最前面加一个大小为 1 的轴，{slice} 保留前 {seq} 个位置。广播从右往左对齐各维；大小为 1 的轴被拉伸以匹配：',
  'slicing.s4.note': '被拉伸的轴不会在内存中复制：批次中的每个样本读的都是同一个 {block} 的块。所以一张 max_len 行的表可以服务所有批次和所有更短的序列。',
  'slicing.shared': '{code}——由批次中全部 {count} 个样本共享',
  'slicing.s5.trap': '相加照常执行，而这正是陷阱：{slice} 只有一行，它被广播到全部 {seq} 个位置上。',
  'slicing.s5.none': '没有可以相加的：x 有 {seq} 个位置，而 {slice} 只有 {length} 个，所以逐元素相加根本不会执行。',
  'slicing.s5.text': '批次中的每个样本都在自己的词元嵌入上加上相同的位置行（这里用随机数代替真实的嵌入层）：',
  'slicing.batchItem': '批次样本 {index}',
  'slicing.sameForEvery': '{code}（每个样本都相同）',
  'slicing.s5.note': '结果的形状与 x 相同，为 {shape}：位置编码改变的是数值，而不是大小。',
  'slicing.tooLongOne': 'seq = {seq} 大于 length = 1（表的 max_len）：{slice} 只有一行，而大小为 1 的轴会被广播，所以 {sum} 不报错地执行，并让全部 {seq} 个词元都得到位置 0 的编码。模型悄无声息地丢失了所有位置信息：请让 seq 不超过 1，或用 length ≥ {seq} 建表。',
  'slicing.tooLong': 'seq = {seq} 大于 length = {length}（表的 max_len）：{slice} 只有 {length} 行，因此 {sum} 无法把 {xShape} 与 {peShape} 广播——PyTorch 会报错：{error}。用 max_len = {length} 构建的层不接受长于 {length} 的输入：请让 seq 不超过 {length}，或用 length ≥ {seq} 建表。',
  'slicing.picture': '第 {step} 步：{title}——pe {shape}',
};

/**
 * The demo's section on this widget, in index.html: assembled into web/demo/i18n/zh-CN.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'index.toc.code': '代码中的切片与广播',
  'index.code.h': '代码中的切片与广播',
  'index.code.1': '各种实现通常用两次切片赋值一次性构建整张表，再把其中一段加到每个批次上。下面五个步骤把这几行代码逐步拆开，并给出每个阶段的张量形状。',
};
