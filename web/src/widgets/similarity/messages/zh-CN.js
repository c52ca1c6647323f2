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
