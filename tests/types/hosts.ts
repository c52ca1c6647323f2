// The entries for site generators and anywidget, as their consumers type them (compiled, never run).
import anywidget, { render, type AnyModel } from 'posenc/anywidget';
import { PosencHeatmap, ALL_WIDGET_TAGS } from 'posenc/widgets/inline';

const state: Record<string, unknown> = { widget: 'heatmap', length: 12 };
const model: AnyModel = { get: (name) => state[name], on: () => {}, off: () => {} };
const cleanup: () => void = render({ model, el: document.createElement('div') });
anywidget.render({ model, el: document.body })();
const heatmap: PosencHeatmap = document.createElement('posenc-heatmap');
heatmap.length = 12;
export const tags: readonly string[] = ALL_WIDGET_TAGS;
cleanup();
