// Keyboard movement of a cell cursor over a rows × cols grid (heatmap, similarity, T5 and ALiBi grids):
// the one place that says which keys move it and how far. Keys with a meaning of their own in a widget
// (Enter, Escape, PageUp for a head, …) are handled by the widget before it asks here.

/**
 * Where key event `e` moves the cursor `{ row, col }` on a grid of `rows` × `cols` cells: arrow keys one
 * cell (with Shift `shiftStep` cells), PageUp/PageDown `pageRows` rows (0: not moving keys), Home/End the
 * first/last column (with Ctrl the first/last row when `ctrlRows`; without `homeEnd` not moving keys).
 * Returns the new cursor clamped to the grid, or null when the key does not move it.
 */
export function moveCellCursor(e, { row, col }, rows, cols, { shiftStep = 1, pageRows = 0, homeEnd = true, ctrlRows = false } = {}) {
  const step = e.shiftKey ? shiftStep : 1;
  switch (e.key) {
    case 'ArrowUp': row -= step; break;
    case 'ArrowDown': row += step; break;
    case 'ArrowLeft': col -= step; break;
    case 'ArrowRight': col += step; break;
    case 'PageUp': if (!pageRows) return null; row -= pageRows; break;
    case 'PageDown': if (!pageRows) return null; row += pageRows; break;
    case 'Home': if (!homeEnd) return null; if (ctrlRows && e.ctrlKey) row = 0; else col = 0; break;
    case 'End': if (!homeEnd) return null; if (ctrlRows && e.ctrlKey) row = rows - 1; else col = cols - 1; break;
    default:
      return null;
  }
  return { row: Math.max(0, Math.min(rows - 1, row)), col: Math.max(0, Math.min(cols - 1, col)) };
}
