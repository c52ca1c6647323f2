// Type declarations for `posenc/anywidget`: the anywidget front-end module (Jupyter, MyST / Jupyter Book 2).

/** The part of anywidget's model this module uses. */
export interface AnyModel {
  get(name: string): unknown;
  on(event: string, callback: () => void): void;
  off(event: string, callback?: () => void): void;
}

/**
 * Puts the widget named by `model.get('widget')` ("heatmap" or "posenc-heatmap") into `el`, with the model's
 * other values as its attributes (under the attribute, property or snake_case name), and follows the model's
 * `change:<name>` events. Returns the clean-up that removes it.
 */
export declare function render(props: { model: AnyModel; el: HTMLElement }): () => void;

declare const _default: { render: typeof render };
export default _default;
