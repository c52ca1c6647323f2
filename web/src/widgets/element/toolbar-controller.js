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
    this.notify(this.#host.t(ok ? 'toolbar.embedCopied' : 'toolbar.embedCopyBelow'));
    await host.updateComplete;
    const ta = host.renderRoot.querySelector('.embed textarea');
    if (ta && !ok) {
      ta.focus();
      ta.select();
    }
  };

  #copyEmbedFrame = async () => {
    const ok = await copyText(this.#embedFrame ?? this.#host.embedFrameCode);
    this.notify(this.#host.t(ok ? 'toolbar.frameCopied' : 'toolbar.frameCopyBelow'));
  };

  #closeEmbed = () => {
    this.#embed = null;
    this.#host.requestUpdate();
  };

  /**
   * What `make()` gives for an export, or null after telling the reader why there is none: its error
   * (`failKey` names the message) or nothing to export yet.
   */
  #exported(make, failKey) {
    let value;
    try {
      value = make();
    } catch (err) {
      this.notify(this.#host.t(failKey, { error: String(err?.message ?? err) }));
      return null;
    }
    if (!value) this.notify(this.#host.t('toolbar.nothing'));
    return value || null;
  }

  #downloadCsv = () => {
    const text = this.#exported(() => this.#host.toCSV(), 'toolbar.noCsv');
    if (!text) return;
    download(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${this.#host.localName}.csv`);
    this.notify(this.#host.t('toolbar.csvSaved', { size: Math.round(text.length / 1024) }));
  };

  #downloadNpy = () => {
    const table = this.#exported(() => this.#host.toArray(), 'toolbar.noNpy');
    if (!table) return;
    download(new Blob([toNpy(table.data, table.shape)], { type: 'application/octet-stream' }), `${this.#host.localName}.npy`);
    const labels = table.columns ?? table.rows;
    this.notify(this.#host.t('toolbar.npySaved', { shape: table.shape.join(' × '), labels: labels ? ` (${labels.join(', ')})` : '' }));
  };

  #copyPyTorch = async () => {
    const code = this.#exported(() => this.#host.toPyTorch(), 'toolbar.noPytorch');
    if (!code) return;
    const ok = await copyText(code);
    this.#snippet = ok ? null : code;
    this.notify(this.#host.t(ok ? 'toolbar.pytorchCopied' : 'toolbar.pytorchCopyBelow'));
  };

  #closeSnippet = () => {
    this.#snippet = null;
    this.#host.requestUpdate();
  };

  #downloadPng = async () => {
    const canvas = await this.#host.exportCanvas();
    if (!canvas) {
      this.notify(this.#host.t('toolbar.nothing'));
      return;
    }
    const blob = await canvasToBlob(canvas);
    download(blob, `${this.#host.localName}.png`);
    this.notify(this.#host.t('toolbar.pngSaved'));
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
    const t = (key, params) => this.#host.t(key, params);
    const name = t(`widget.${shortName(this.#host.localName)}`);
    const button = (key, onClick, extra = nothing) => html`<button type="button" part="button" @click=${onClick} aria-label=${t(`${key}.aria`, { name })} aria-expanded=${extra}>${t(key)}</button>`;
    return html`
      <div class="head">
        <p class="title">${title}</p>
        <div class="toolbar" role="toolbar" aria-label=${t('toolbar.label', { name })}>
          ${button('toolbar.embed', this.#copyEmbed)} ${button('toolbar.csv', this.#downloadCsv)} ${button('toolbar.npy', this.#downloadNpy)}
          ${button('toolbar.png', this.#downloadPng)}
          ${typeof this.#host.toPyTorch === 'function' ? button('toolbar.pytorch', this.#copyPyTorch) : nothing}
          ${this.#host.compact ? button('toolbar.notes', this.#toggleNotes, this.#notesOpen ? 'true' : 'false') : nothing}
        </div>
      </div>
      ${this.#embed != null
        ? html`<div class="embed">
            <label class="note" for="embed-code">${t('toolbar.embedLabel')}</label>
            <textarea id="embed-code" readonly rows="2" dir="ltr" .value=${this.#embed}></textarea>
          </div>
          <div class="embed-frame">
            <label class="note" for="embed-frame-code">${t('toolbar.frameLabel')}</label>
            <textarea id="embed-frame-code" readonly rows="6" dir="ltr" .value=${this.#embedFrame ?? ''}></textarea>
            <button type="button" @click=${this.#copyEmbedFrame}>${t('toolbar.copyFrame')}</button>
            <button type="button" @click=${this.#closeEmbed}>${t('toolbar.close')}</button>
          </div>`
        : nothing}
      ${this.#snippet != null
        ? html`<div class="embed">
            <label class="note" for="pytorch-code">${t('toolbar.pytorchLabel')}</label>
            <textarea id="pytorch-code" readonly rows="6" dir="ltr" .value=${this.#snippet}></textarea>
            <button type="button" @click=${this.#closeSnippet}>${t('toolbar.close')}</button>
          </div>`
        : nothing}
      <p class="note status" role="status" aria-live="polite">${this.#status}</p>
    `;
  }
}
