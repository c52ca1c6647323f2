// <posenc-heatmap>'s messages in English, the fallback of every other language. {name} is a placeholder; an
// object holds plural forms chosen by {count} (Intl.PluralRules).
// One block per language: the element's module ships `en` with its code; the build puts each other block
// in its language's catalogue only (web/src/widgets/catalogues/, scripts/build-web-messages.mjs).
export const en = {
  // widget names, as the toolbar's labels say them
  'widget.heatmap': 'heatmap',

  'heatmap.title': 'Positional encoding matrix',
  'heatmap.roledescription': 'interactive heatmap',
  'heatmap.aria': 'Heatmap of the sinusoidal positional encoding: {length} positions (rows) by {dModel} dimensions (columns), colours from −1 to +1. Arrow keys move the cursor, Enter selects the position.',
  'heatmap.drawing': 'drawing {percent}%',
  'heatmap.readout': 'position {position}, dimension {column} ({kind}, i = {pair}): {value}',
  'heatmap.large': 'Large table ({count} values): each pixel shows the mean of the cells it covers; the readout is always the exact value.',
  'heatmap.showTable': 'Show the values as a table',
  'heatmap.tableCaption': 'PE values (engine output), positions {first}–{last}{ofLength}, dimensions 0–{lastColumn}{ofDModel}. Download the CSV for the whole table.',
  'heatmap.of': ' of {count}',
  'heatmap.position': 'position',
  'heatmap.axisColumns': 'dimension →',
  'heatmap.axisRows': 'position ↓',
  'heatmap.legend': 'value',
  'heatmap.sinColumn': 'sin column',
  'heatmap.cosColumn': 'cos column',
  'heatmap.rowOfTable': 'a row of the table (positions {first} to {last})',
  'heatmap.picture': 'Sinusoidal PE: {length} positions × {dModel} dimensions, base {base}, {layout}',
  'heatmap.tooBig': 'the table has {count} values; the export is limited to {limit} (reduce length or d-model)',
};

// Los mensajes de <posenc-heatmap> en español. Claves y marcadores {nombre} como en el bloque `en` de arriba.
export const es = {
  'widget.heatmap': 'mapa de calor',

  'heatmap.title': 'Matriz de codificación posicional',
  'heatmap.roledescription': 'mapa de calor interactivo',
  'heatmap.aria': 'Mapa de calor de la codificación posicional sinusoidal: {length} posiciones (filas) por {dModel} dimensiones (columnas), colores de −1 a +1. Las flechas mueven el cursor; Intro selecciona la posición.',
  'heatmap.drawing': 'dibujando {percent} %',
  'heatmap.readout': 'posición {position}, dimensión {column} ({kind}, i = {pair}): {value}',
  'heatmap.large': 'Tabla grande ({count} valores): cada píxel muestra la media de las celdas que cubre; la lectura siempre da el valor exacto.',
  'heatmap.showTable': 'Mostrar los valores como tabla',
  'heatmap.tableCaption': 'Valores de la codificación (salida del motor), posiciones {first}–{last}{ofLength}, dimensiones 0–{lastColumn}{ofDModel}. Descarga el CSV para tener la tabla completa.',
  'heatmap.of': ' de {count}',
  'heatmap.position': 'posición',
  'heatmap.axisColumns': 'dimensión →',
  'heatmap.axisRows': 'posición ↓',
  'heatmap.legend': 'valor',
  'heatmap.sinColumn': 'columna seno',
  'heatmap.cosColumn': 'columna coseno',
  'heatmap.rowOfTable': 'una fila de la tabla (posiciones {first} a {last})',
  'heatmap.picture': 'Codificación posicional sinusoidal: {length} posiciones × {dModel} dimensiones, base {base}, {layout}',
  'heatmap.tooBig': 'la tabla tiene {count} valores; la exportación admite como máximo {limit} (reduce length o d-model)',
};

// <posenc-heatmap> 的简体中文消息。键和 {占位符} 与上面的 `en` 一致。
export const zhCN = {
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
