// <posenc-compare> 的简体中文消息。键和 {占位符} 与 ./en.js 一致。
export default {
  'widget.compare': '比较',

  'compare.title': '比较两个位置',
  'compare.howto': '选择两个词元（点击，或用方向键后按回车）。新的选择会替换较早的那个。',
  'compare.howtoTouch': '点按两个词元即可选择。新的选择会替换较早的那个。',
  'compare.strip': '词元位置',
  'compare.atPosition': ' 位于位置 ',
  'compare.positionPrefix': '位置 ',
  'compare.selectedAs': '，已选为 {slot}',
  'compare.comparing': '比较',
  'compare.with': '与',
  'compare.tokenAt': '（位置 {position}）',
  'compare.position': '位置 {position}',
  'compare.results': '比较结果',
  'compare.dot': '点积',
  'compare.cosine': '余弦相似度',
  'compare.euclidean': '欧氏距离',
  'compare.value': '数值',
  'compare.pick': '请选择两个位置进行比较。',
  'compare.aria': '两个编码的柱状图，各 {dModel} 个维度。左右方向键逐个读取维度。',
  'compare.hover': '将指针悬停在柱状图上或使用方向键，可读取单个维度。',
  'compare.hoverTouch': '点按柱状图可读取单个维度。',
  'compare.hoverValue': '维度 {dimension}：A = {a}，B = {b}',
  'compare.axis': '维度 0 … {last}（柱高从 −1 到 +1）',
  'compare.picture': '位置 {a} 对比 {b}，d_model {dModel}',
  'compare.tooManyChips': 'length：{asked} 超过了 {max} 个词元块，因此只显示位置 0 到 {last}',
  'compare.insightZeroVector': '当 d_model 为 1 时，每个编码只是一个数 sin(p)，而 PE(0) = 0：零向量没有方向，因此余弦无定义（引擎返回 0）。这里只有点积 {dot} 和距离 {distance} 有意义。',
  'compare.insightNarrow': { other: '间隔 {gap}，d_model 为 {dModel}：只有 {count} 对正弦/余弦，全都转得很快，没有慢速的维度对让远处的位置保持相似。余弦（{cosine}）随间隔上下摆动，而不是稳定下降；增大 d_model 就能看到慢速维度的作用。' },
  'compare.insightSame': '同一位置选了两次：两个向量完全相同，因此余弦恰好为 1，距离为 0。点积 {dot} 是每一行长度的平方（d_model 为偶数时等于 d_model/2 = {half}）。',
  'compare.insightNeighbours': '相邻位置（间隔 1）：余弦为 {cosine}，非常相似；但快速维度已经转过约一弧度，所以距离 {distance} 明显大于零。模型能够区分它们。',
  'compare.insightNear': '间隔 {gap}：最快的维度对已指向毫不相关的方向，而慢速的仍然一致，因此相似度（{cosine}）随间隔增大而下降。',
  'compare.insightMid': '间隔 {gap}：快速维度对已指向四面八方（偶尔有一对会重新对齐），慢速的仍然一致；余弦 {cosine}，距离 {distance}。把两个词元平移相同的量：数值不变，因为它们只取决于间隔。',
  'compare.insightFar': '相距很远（间隔 {gap}）：除了最慢的波，两个编码几乎没有共同之处（余弦 {cosine}）。相似度并不会一直平滑下降——它会起伏，因为不同速度的余弦会部分地重新对齐。',
};

/**
 * The demo's section on this widget, in index.html: assembled into web/demo/i18n/zh-CN.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'index.toc.compare': '比较两个位置',
  'index.compare.h': '比较两个位置',
  'index.compare.1': '选两个词元。有三种标准度量可以比较它们的位置向量 {f0} 和 {f1}：',
  'index.compare.2':
    '每一行的长度（范数）都相同，都是 {f0}（每一对贡献 {f1}），所以这三个数说的是同一件事。又因为 {f2}，点积就是关于<em>间隔</em>的余弦之和：',
  'index.compare.3': '<strong>试一试。</strong>先比较位置 0 和 1，再比较 3 和 4：数字完全相同。然后把间隔拉大。',
  'index.cmp.tokens': '小猫,坐,在,垫子,上,了',
};
