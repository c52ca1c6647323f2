// <posenc-train>'s markup (trainView) and its parts, as functions of the element: the settings, the race's
// methods, the progress line, the plots, and the example at L or 2L token by token, right and wrong marked.
// The results table and the readout of the length under the pointer are in table.js.

import { html, nothing } from 'lit';
import { formatNumber } from '../../i18n/index.js';
import { METHODS, RACE_METHODS, SIZES, symbolName } from './experiment.js';
import { hoverReadout, renderLegend, renderTable } from './table.js';

/** Step, steps per second and time left (a race: every run's steps over all workers), or the race's time. */
export function progressText(el) {
  const x = el.experiment;
  const race = x.race;
  if (race && !race.running && race.seconds != null)
    return el.t('train.raceDone', { count: race.methods.length, seeds: el.t('train.seedCount', { count: race.seeds.length }), steps: Math.round(race.settings.steps), seconds: formatNumber(el.locale, race.seconds, 1) });
  if (race) {
    const left = race.secondsLeft();
    if (left == null) return el.t('train.notStarted');
    return el.t('train.raceProgress', {
      done: race.jobs.filter((j) => j.session?.rows).length,
      total: race.jobs.length,
      rate: formatNumber(el.locale, race.rate(), 0),
      left: formatNumber(el.locale, left, 0),
    });
  }
  const s = x.session;
  if (!s || s.step === 0) return el.t('train.notStarted');
  return el.t('train.progress', {
    method: el.t(`train.method.${s.method}`),
    step: s.step,
    steps: s.total,
    rate: formatNumber(el.locale, s.msPerStep > 0 ? 1000 / s.msPerStep : 0, 0),
    left: formatNumber(el.locale, (s.msPerStep * (s.total - s.step)) / 1000, 0),
  });
}

/**
 * The example `shown` of `details` ({ method }, its first seed in a race), at L or 2L as chosen: the prompt,
 * then the model's answer with right and wrong marked.
 */
export function renderExample(el, details, shown) {
  const ex = shown?.example;
  if (!ex) return nothing;
  const race = el.experiment.race;
  const choose = race && race.methods.length > 1 && !race.running;
  const verdict = (tok, got) => (got === tok ? el.t('train.tokenRight') : el.t('train.tokenWrong', { expected: symbolName(tok) }));
  const at = el.experiment.exampleLengths;
  return html`<p class="panel-title" data-role="example-title">${el.t('train.exampleTitle', { method: el.t(`train.method.${details.method}`), length: ex.length, times: ex.length / el.trainLength })}</p>
    <fieldset class="controls example-at">
      <legend>${el.t('train.exampleAt')}</legend>
      ${at.map(
        (n, i) => html`<label><input type="radio" name="example-at" value=${n} .checked=${n === ex.length} @change=${() => el.showExampleAt(i)} /> ${el.t(i ? 'train.exampleAt2L' : 'train.exampleAtL', { length: n })}</label>`,
      )}
    </fieldset>
    ${choose ? html`<p class="note" data-role="example-choose">${el.t('train.exampleChoose')}</p>` : nothing}
    ${ex.error ? html`<p class="error">${ex.error}</p>` : nothing}
    <ol class="tokens" aria-label=${el.t('train.examplePrompt')}>
      ${ex.prompt.map((tok) => html`<li class="prompt">${symbolName(tok)}</li>`)}
    </ol>
    <ol class="tokens" aria-label=${el.t('train.exampleAnswer')}>
      ${ex.expected.map((tok, i) => {
        const got = ex.predicted?.[i];
        const right = got === tok;
        return html`<li class=${right ? 'right' : 'wrong'} data-right=${right ? 'true' : 'false'} title=${verdict(tok, got)}>
          ${got === undefined ? '·' : symbolName(got)}<span class="sr-only">${verdict(tok, got)}</span>
        </li>`;
      })}
    </ol>`;
}

/** The race's methods, as checkboxes. */
export function renderRaceMethods(el, disabled) {
  const chosen = new Set(el.methods);
  const set = (m, on) => (el.methods = RACE_METHODS.filter((x) => (x === m ? on : chosen.has(x))));
  return html`<fieldset class="controls race-methods" ?disabled=${disabled}>
    <legend>${el.t('train.raceMethods')}</legend>
    ${RACE_METHODS.map((m) => html`<label><input type="checkbox" value=${m} .checked=${chosen.has(m)} @change=${(e) => set(m, e.target.checked)} /> ${el.t(`train.method.${m}`)}</label>`)}
  </fieldset>`;
}

/** Where training runs, and why on the page. */
export function renderRunnerNote(el) {
  const r = el.experiment.runner;
  if (!r) return nothing;
  const workers = el.experiment.race?.workers || 1;
  return html`<p class="note" data-role="runner" data-kind=${r.kind} data-workers=${r.kind === 'worker' ? workers : 0}>${r.kind === 'worker' ? el.t('train.inWorker', { count: workers }) : el.t(`train.onPage.${r.reason}`)}</p>`;
}

/** The settings: task, method, training length, model size, steps, the run's seed and the race's seeds. */
export function renderControls(el, running) {
  const option = (value, text, current) => html`<option value=${value} ?selected=${value === current}>${text}</option>`;
  const number = (prop, min, max, step = 1) =>
    html`<input type="number" min=${min} max=${max ?? nothing} step=${step} .value=${String(el[prop])} ?disabled=${running} @change=${(e) => (el[prop] = Number(e.target.value))} />`;
  return html`<div class="controls">
    <label>${el.t('train.taskLabel')}
      <select .value=${el.task} @change=${(e) => (el.task = e.target.value)} ?disabled=${running}>
        ${el.tasks.map((k) => option(k, el._taskName(k), el.task))}
      </select></label>
    <label>${el.t('train.method')}
      <select data-role="method" .value=${el.choice('method')} @change=${(e) => (el.method = e.target.value)} ?disabled=${el.state === 'running'}>
        ${METHODS.map((m) => option(m, el.t(`train.method.${m}`), el.choice('method')))}
      </select></label>
    <label>${el.t('train.lengthLabel')} ${number('trainLength', 4, 16)}</label>
    <label>${el.t('train.sizeLabel')}
      <select .value=${el.choice('size')} @change=${(e) => (el.size = e.target.value)} ?disabled=${running}>
        ${Object.keys(SIZES).map((k) => option(k, el.t(`train.size.${k}`), el.choice('size')))}
      </select></label>
    <label>${el.t('train.stepsLabel')} ${number('steps', 10, 5000, 10)}</label>
    <label>${el.t('train.seedLabel')} ${number('seed', 0)}</label>
    <label>${el.t('train.seedsLabel')}
      <input type="text" data-role="seeds" inputmode="numeric" size="8" .value=${(el.seeds ?? []).join(',')} ?disabled=${running}
        @change=${(e) => (el.seeds = e.target.value.split(',').filter((v) => v.trim() !== '').map(Number))} /></label>
  </div>`;
}

/** The widget's markup for its current state. */
export function trainView(el) {
  const title = el.label || el.t('train.title');
  if (el._ready && !el.pe.train) return html`${el.renderHead(title)}<p class="error" role="alert">${el.t('train.noEngine')}</p>`;
  const x = el.experiment;
  const state = el.state;
  const racing = Boolean(x.race?.running);
  const running = state === 'running' || racing;
  const canRun = el._ready && el._settingsOk;
  const details = el._details;
  const shown = el._shown;
  return html`
    ${el.renderHead(title)}
    ${el._settingsError ? html`<p class="error" role="alert" data-role="settings">${el._settingsError}</p>` : nothing}
    ${x.error ? html`<p class="error" role="alert">${x.error}</p>` : nothing}
    ${renderControls(el, running)} ${renderRaceMethods(el, running)}
    <div class="buttons">
      <button type="button" data-action="train" ?disabled=${running || !canRun} @click=${() => el.train()}>${el.t(x.session?.state === 'paused' ? 'train.resume' : 'train.train')}</button>
      <button type="button" data-action="pause" ?disabled=${state !== 'running' && state !== 'racing'} @click=${() => el.pause()}>${el.t('train.pause')}</button>
      <button type="button" data-action="reset" ?disabled=${!x.session && !x.race} @click=${() => el.reset()}>${el.t('train.reset')}</button>
      <button type="button" data-action="race" ?disabled=${state === 'racing' || !canRun} @click=${() => el.race()}>${el.t(x.race?.paused ? 'train.resumeRace' : 'train.race')}</button>
      <button type="button" data-action="keep" ?disabled=${!x.race || racing} @click=${() => el.keep()}>${el.t('train.keep')}</button>
      ${x.kept.length ? html`<button type="button" data-action="clear-kept" @click=${() => el.clearKept()}>${el.t('train.clearKept', { count: x.kept.length })}</button>` : nothing}
      <button type="button" data-action="pytorch" ?disabled=${!el._ready} @click=${el._copyTorch}>${el.t('train.copyTorch')}</button>
    </div>
    <p class="readout progress" role="status" aria-live="polite" data-state=${state}>${progressText(el)}</p>
    ${renderRunnerNote(el)}
    ${el._torchCode
      ? html`<div class="embed"><label class="note" for="torch-code">${el.t('toolbar.pytorchLabel')}</label><textarea id="torch-code" readonly rows="6" dir="ltr" .value=${el._torchCode}></textarea></div>`
      : nothing}
    <div class="split">
      <div class="pane loss-pane">
        <p class="panel-title">${el.t('train.lossTitle')}</p>
        <canvas class="plot loss" role="img" aria-label=${el.t('train.lossAria')}></canvas>
      </div>
      <div class="pane accuracy-pane">
        <p class="panel-title">${el.t('train.accuracyTitle')}</p>
        ${renderLegend(el, el.results$.table)}
        <canvas
          class="plot accuracy"
          tabindex="0"
          role="img"
          aria-label=${el.t('train.accuracyAria', { length: el.trainLength })}
          aria-describedby="acc-readout"
          @pointermove=${el._onAccuracyMove}
          @pointerdown=${el._onAccuracyMove}
          @pointerleave=${(e) => e.pointerType === 'mouse' && el._hoverAt(null)}
          @keydown=${el._onAccuracyKey}
        ></canvas>
        <p id="acc-readout" class="readout" role="status" aria-live="polite">${hoverReadout(el)}</p>
      </div>
    </div>
    ${x.kept.length ? html`<p class="note" data-role="kept">${el.t('train.keptNote', { list: x.kept.map((k) => k.settings).join('; ') })}</p>` : nothing}
    ${renderTable(el, el.results$)} ${renderExample(el, details, shown)}
    ${shown?.attention ? html`<p class="panel-title">${el.t('train.attentionTitle')}</p>` : nothing}
    <canvas class="plot heads" role="img" aria-label=${el.t('train.attentionAria')}></canvas>
    <p class="note lesson">${el.t('train.lesson')}</p>
  `;
}
