// <posenc-heatmap> 的简体中文消息。键和 {占位符} 与 ./en.js 一致。
export default {
  'widget.heatmap': '热力图',

  'heatmap.title': '位置编码矩阵',
  'heatmap.roledescription': '可交互热力图',
  'heatmap.aria': '正弦位置编码的热力图：{length} 个位置（行）× {dModel} 个维度（列），颜色从 −1 到 +1。方向键移动光标，回车键选中该位置。',
  'heatmap.drawing': '正在绘制 {percent}%',
  'heatmap.readout': '位置 {position}，维度 {column}（{kind}，i = {pair}）：{value}',
  'heatmap.large': '表格较大（{count} 个值）：每个像素显示其覆盖单元格的平均值；读数始终是精确值。',
  'heatmap.showTable': '以表格显示数值',
  'heatmap.tableCaption': '位置编码的值（引擎输出），位置 {first}–{last}{ofLength}，维度 0–{lastColumn}{ofDModel}。完整表格请下载 CSV。',
  'heatmap.of': '（共 {count}）',
  'heatmap.position': '位置',
  'heatmap.axisColumns': '维度 →',
  'heatmap.axisRows': '位置 ↓',
  'heatmap.legend': '数值',
  'heatmap.sinColumn': '正弦列',
  'heatmap.cosColumn': '余弦列',
  'heatmap.rowOfTable': '表中的一行（位置 {first} 到 {last}）',
  'heatmap.picture': '正弦位置编码：{length} 个位置 × {dModel} 个维度，底数 {base}，{layout}',
  'heatmap.tooBig': '表格有 {count} 个值；导出上限为 {limit}（请减小 length 或 d-model）',
};
