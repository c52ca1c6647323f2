// <posenc-similarity> 的简体中文消息。键和 {占位符} 与 ./en.js 一致。
export default {
  'widget.similarity': '相似度',

  'similarity.title': '位置之间的相似度',
  'similarity.metric.cosine': '余弦相似度',
  'similarity.metric.dot': '点积',
  'similarity.metric.euclidean': '欧氏距离',
  'similarity.metricLabel': '度量',
  'similarity.metricAria': '相似度度量',
  'similarity.roledescription': '可交互矩阵',
  'similarity.aria': '前 {length} 个位置两两之间的{metric}矩阵。方向键移动，回车键选中该对位置。',
  'similarity.readout': '位置 {i} 和 {j}（间隔 {gap}）：{metric} = {value}',
  'similarity.selected': '已选的一对：{a} 和 {b} → {metric} {value}',
  'similarity.note': '这个矩阵的每条对角线上只有一个值：对正弦位置编码而言，两个位置的相似度只取决于它们相隔多远，而与它们所处的位置无关。',
  'similarity.axisColumns': '位置 j →',
  'similarity.axisRows': '位置 i ↓',
  'similarity.picture': '位置之间的{metric}（L {length}，d_model {dModel}）',
};

/**
 * The demo's section on this widget, in index.html: assembled into web/demo/i18n/zh-CN.js by
 * scripts/gen-schema.mjs (the widget bundles leave it out).
 */
export const demo = {
  'index.toc.similarity': '一次比较所有位置对',
  'index.similarity.h': '一次比较所有位置对',
  'index.similarity.1':
    '前 50 个位置两两比较，填满一个正方形。主对角线上，每个位置与自身相比。其余每条对角线上只有一个值——相似度只取决于间隔——而且间隔越大值越小，快波与慢波部分重新对齐的地方会出现起伏。<span class="for-fine">点击一个单元格</span><span class="for-coarse">点按一个单元格两次（或点按后再按<em>选定</em>）</span>：这对位置会成为上方比较的选择（两者都用 d_model = 64，所以显示的数字相同），热力图也会标出这两行。',
};
