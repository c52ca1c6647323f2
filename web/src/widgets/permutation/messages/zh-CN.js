// <posenc-permutation> 的简体中文消息。键和 {占位符} 与 ./en.js 一致。
export default {
  'widget.permutation': '置换',

  'permutation.title': '为什么注意力看不见顺序',
  'permutation.shuffle': '打乱',
  'permutation.reverse': '倒序',
  'permutation.addEncoding': '加入位置编码',
  'permutation.original': '原始顺序',
  'permutation.shuffled': '打乱后的顺序',
  'permutation.tableCaption': '每个词元的注意力输出',
  'permutation.firstValues': '，显示 {count} 个值中的前 {shown} 个',
  'permutation.token': '词元',
  'permutation.same': '每个词元的输出在两种顺序下{exactly}：最大差异为 {zero}。注意力看到的只是一袋词。',
  'permutation.exactlySame': '完全相同',
  'permutation.sameSentence': '这个顺序拼出的是{sentence}：只是一个重复词的几个副本互换了位置。它们各自换到了别的位置，所以各自的输出会变（最大差异 {diff}），但逐个槽位来看，两次运行看到的词相同、输出也相同：没有什么可以区分的。',
  'permutation.theSameSentence': '同一个句子',
  'permutation.changes': '加入位置信息后，顺序一变，输出就{change}：最大差异 {diff}。模型现在能区分这两个句子了。',
  'permutation.change': '改变',
  'permutation.rounding': '最大差异 {diff}——只是浮点舍入（求和的顺序不同）；输出其实相同。',
  'permutation.note': '每个词的向量来自一张固定随机种子的嵌入表；注意力直接把这些向量用作查询、键和值。',
  'permutation.noteWith': '位置 k 上的词会加上 PE(k)，因此移动过的词携带的是另一个向量。',
  'permutation.noteWithout': '输入中没有任何信息表明一个词处在哪个位置。',
  'permutation.tooMany': 'tokens：给出了 {given} 个，最多只能放 {max} 个，因此使用前 {max} 个',
  'permutation.badOrder': 'order：{order} 不是 0 到 {last} 的一个排列（每个恰好一次），因此显示 {shown}',
  'permutation.pictureWith': '加入位置编码：最大变化 {diff}',
  'permutation.pictureWithout': '不加位置编码：最大变化 {diff}',
  'permutation.positionOriginal': '位置（原始）',
  'permutation.positionShuffled': '位置（打乱后）',
  'permutation.maxDiff': '其输出行的最大 |Δ|',
};

/**
 * The demo's section on this widget, in index.html: assembled into web/demo/i18n/zh-CN.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'index.toc.order': '为什么顺序很重要',
  'index.order.h': '为什么顺序很重要',
  'index.order.1':
    '自注意力把每个词元与其他所有词元逐一打分，把分数变成权重，再用这些权重混合各词元的向量。整个过程中没有任何地方出现位置。如果打乱词序，每个词遇到的仍是同样的伙伴、同样的分数，因此得到同样的输出——变的只是它落在哪一行。“狗咬人”和“人咬狗”会得到同样的三个向量。',
  'index.order.2': '<strong>试一试。</strong>打乱词序，看差值那一列：每个词元都是零。然后勾选<em>加入位置编码</em>，再打乱一次。',
  'index.order.3': '没有额外的帮助，注意力就把句子当作一袋词。解决办法是：在注意力看到每个词元的向量之前，先把位置放进去。（这里是不带掩码的注意力，就像编码器中那样。解码器的因果掩码只让每个词元看到它之前的词元，这本身就打破了对称：一个词元的输出取决于它前面有多少个词元；完全不用位置编码训练的语言模型，仅凭这一点也能学到一定的位置信息，见 Haviv 等，2022。）',
  'index.perm.tokens': '我,爱,巴黎',
};
