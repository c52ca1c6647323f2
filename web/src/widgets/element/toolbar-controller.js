// A widget's heading and toolbar (a Lit reactive controller): the Embed button (the tag as markup and as an
// iframe snippet, copied to the clipboard or shown in boxes to copy from), CSV, NPY and PNG downloads, the
// PyTorch button (code that recomputes the widget's table, where the widget offers it), the Notes button of
// the compact layout, and the status line where they (and `notify`) report.
//
// The host (a PosencElement) supplies `embedCode`, `embedFrameCode`, `toCSV()`, `toArray()`,
// `exportCanvas()`, optionally `toPyTorch()`, `compact` and `redraw()`; the controller keeps its own state
// and asks the host to update.

import { html, nothing } from 'lit';
import { copyText, download, canvasToBlob } from '../../render/export.js';
import { toNpy } from '../../engine/npy.js';

/** Pretty name of a widget for labels ("posenc-heatmap" -> "heatmap"). */
const shortName = (tag) => tag.replace(/^posenc-/, '');

export class ToolbarController {
  #host;
  #status = '';
  #embed = null;
  #embedFrame = null;
  #notesOpen = false;
  #snippet = null;  // PyTorch code shown when the clipboard refused it

  constructor(host) {
    this.#host = host;
    host.addController(this);
  }

  /** The compact layout folds the explanations (`.lesson`) away until the Notes button opens them. */
  hostUpdate() {
    this.#host.renderRoot.classList.toggle('notes-open', this.#notesOpen);
  }

  /** Shows `text` in the status line (a polite live region). */
  notify(text) {
    this.#status = String(text ?? '');
    this.#host.requestUpdate();
  }

  #copyEmbed = async () => {
    const host = this.#host;
    const code = host.embedCode;
    const ok = await copyText(code);
    this.#embedFrame = host.embedFrameCode;
    this.#embed = code;
    this.notify(ok ? 'Embed code copied to the clipboard.' : 'Copy the embed code from the box below.');
    await host.updateComplete;
    const ta = host.renderRoot.querySelector('.embed textarea');
    if (ta && !ok) {
      ta.focus();
      ta.select();
    }
  };

  #copyEmbedFrame = async () => {
    const ok = await copyText(this.#embedFrame ?? this.#host.embedFrameCode);
    this.notify(ok ? 'iframe code copied to the clipboard.' : 'Copy the iframe code from its box.');
  };

  #closeEmbed = () => {
    this.#embed = null;
    this.#host.requestUpdate();
  };

  #downloadCsv = () => {
    let text = '';
    try {
      text = this.#host.toCSV();
    } catch (err) {
      this.notify(`No CSV: ${err?.message ?? err}`);
      return;
    }
    if (!text) {
      this.notify('Nothing to export yet.');
      return;
    }
    download(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${this.#host.localName}.csv`);
    this.notify(`CSV saved (${Math.round(text.length / 1024)} KiB).`);
  };

  #downloadNpy = () => {
    let table;
    try {
      table = this.#host.toArray();
    } catch (err) {
      this.notify(`No NPY: ${err?.message ?? err}`);
      return;
    }
    if (!table) {
      this.notify('Nothing to export yet.');
      return;
    }
    download(new Blob([toNpy(table.data, table.shape)], { type: 'application/octet-stream' }), `${this.#host.localName}.npy`);
    const labels = table.columns ?? table.rows;
    this.notify(`NPY saved: ${table.shape.join(' × ')}${labels ? ` (${labels.join(', ')})` : ''}.`);
  };

  #copyPyTorch = async () => {
    let code;
    try {
      code = this.#host.toPyTorch();
    } catch (err) {
      this.notify(`No PyTorch code: ${err?.message ?? err}`);
      return;
    }
    if (!code) {
      this.notify('Nothing to export yet.');
      return;
    }
    const ok = await copyText(code);
    this.#snippet = ok ? null : code;
    this.notify(ok ? 'PyTorch code copied: it recomputes this table as `result`.' : 'Copy the PyTorch code from the box below.');
  };

  #closeSnippet = () => {
    this.#snippet = null;
    this.#host.requestUpdate();
  };

  #downloadPng = async () => {
    const canvas = await this.#host.exportCanvas();
    if (!canvas) {
      this.notify('Nothing to export yet.');
      return;
    }
    const blob = await canvasToBlob(canvas);
    download(blob, `${this.#host.localName}.png`);
    this.notify('PNG saved.');
  };

  /** Opens or closes the notes (and redraws: the panes change width). */
  #toggleNotes = async () => {
    this.#notesOpen = !this.#notesOpen;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    this.#host.redraw();
  };

  /** Heading + toolbar, the embed boxes when open, and the status line; `title` is rendered as text, never as HTML. */
  render(title) {
    const name = shortName(this.#host.localName);
    return html`
      <div class="head">
        <p class="title">${title}</p>
        <div class="toolbar" role="toolbar" aria-label="${name} export tools">
          <button type="button" part="button" @click=${this.#copyEmbed} aria-label="Copy embed code of this ${name} widget">Embed</button>
          <button type="button" part="button" @click=${this.#downloadCsv} aria-label="Download the ${name} data as CSV">CSV</button>
          <button type="button" part="button" @click=${this.#downloadNpy} aria-label="Download the ${name} data as a NumPy .npy file">NPY</button>
          <button type="button" part="button" @click=${this.#downloadPng} aria-label="Download the ${name} picture as PNG">PNG</button>
          ${typeof this.#host.toPyTorch === 'function'
            ? html`<button type="button" part="button" @click=${this.#copyPyTorch} aria-label="Copy PyTorch code that recomputes the ${name} data">PyTorch</button>`
            : nothing}
          ${this.#host.compact
            ? html`<button type="button" part="button" aria-expanded=${this.#notesOpen ? 'true' : 'false'} @click=${this.#toggleNotes} aria-label="Notes: the explanations of this ${name} widget">Notes</button>`
            : nothing}
        </div>
      </div>
      ${this.#embed != null
        ? html`<div class="embed">
            <label class="note" for="embed-code">Embed code (paste into any page that loads posenc/widgets):</label>
            <textarea id="embed-code" readonly rows="2" .value=${this.#embed}></textarea>
          </div>
          <div class="embed-frame">
            <label class="note" for="embed-frame-code">Or as an iframe (its script fits the frame's height to the widget; without it, the frame keeps its height):</label>
            <textarea id="embed-frame-code" readonly rows="6" .value=${this.#embedFrame ?? ''}></textarea>
            <button type="button" @click=${this.#copyEmbedFrame}>Copy iframe</button>
            <button type="button" @click=${this.#closeEmbed}>Close</button>
          </div>`
        : nothing}
      ${this.#snippet != null
        ? html`<div class="embed">
            <label class="note" for="pytorch-code">PyTorch code (recomputes this table as <code>result</code>):</label>
            <textarea id="pytorch-code" readonly rows="6" .value=${this.#snippet}></textarea>
            <button type="button" @click=${this.#closeSnippet}>Close</button>
          </div>`
        : nothing}
      <p class="note status" role="status" aria-live="polite">${this.#status}</p>
    `;
  }
}
