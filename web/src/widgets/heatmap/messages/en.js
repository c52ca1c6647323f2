// <posenc-heatmap>'s messages in English, the fallback of every other language. {name} is a placeholder; an
// object holds plural forms chosen by {count} (Intl.PluralRules). Assembled into web/src/widgets/catalogues/en.js.
export default {
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
