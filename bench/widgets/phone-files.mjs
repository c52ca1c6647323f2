// What each demo part transfers before its first screen of widgets has drawn, on the phone of
// bench/widgets/phone.mjs (Slow 4G, CPU ×4, gzip, no cache): one load per page, every file with its
// transferSize and when it started and ended (Resource Timing), and when each widget in view drew.
// `node bench/widgets/phone-files.mjs` (builds dist into a temporary folder); prints JSON.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb } from '../../scripts/build-web.mjs';
import { serve } from '../../scripts/start.mjs';
import { CHROMIUM_ARGS } from '../../tests/browser/helpers.mjs';
import { BARE_PAGES, loadFigures, phonePage } from './phone.mjs';

// when the engine's wasm was compiled and instantiated (calls to WebAssembly's functions, with start and end)
function wasmProbe() {
  const log = (window.__wasm = []);
  for (const name of ['compile', 'compileStreaming', 'instantiate', 'instantiateStreaming']) {
    const f = WebAssembly[name];
    WebAssembly[name] = function (...args) {
      const start = Math.round(performance.now());
      const p = f.apply(this, args);
      p.then(() => log.push([name, start, Math.round(performance.now())]), () => {});
      return p;
    };
  }
}

const work = mkdtempSync(join(tmpdir(), 'posenc-files-'));
try {
  const outDir = await buildWeb({ outDir: join(work, 'dist'), singleFile: false, quiet: true });
  for (const [name, html] of Object.entries(BARE_PAGES)) writeFileSync(join(outDir, name), html);
  const server = await serve({ '/': outDir }, { gzip: true });
  const context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const out = {};
  const pages = (process.env.PAGES ?? 'index.html,methods.html,model.html,bare.html').split(',');
  for (const path of pages) {
    const { page, cdp } = await phonePage(context, server.url + path, { init: wasmProbe });
    const figures = await loadFigures(page);
    const files = await page.evaluate((end) => {
      const nav = performance.getEntriesByType('navigation')[0];
      const row = (r) => ({
        name: new URL(r.name).pathname.slice(1) || '/',
        kB: +(r.transferSize / 1024).toFixed(1),
        start: Math.round(r.startTime),
        responseStart: Math.round(r.responseStart),
        end: Math.round(r.responseEnd),
        by: r.initiatorType,
      });
      return [row(nav), ...performance.getEntriesByType('resource').map(row)].map((r) => ({ ...r, beforeFirstScreen: r.end <= end }));
    }, figures.inViewReadyMs);
    const paint = await page.evaluate(() => performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]));
    const timeline = await page.evaluate((end) => ({
      wasm: window.__wasm,
      tasks: window.__probe.tasks.filter(([t]) => t <= end).map(([t, d]) => [Math.round(t), Math.round(d)]),
    }), figures.inViewReadyMs);
    out[path] = { firstWidgetMs: Math.round(figures.firstWidgetMs), inViewReadyMs: Math.round(figures.inViewReadyMs), inView: figures.inView, transferKB: figures.transferKB, longestTaskMs: figures.longestTaskMs, paint, ...timeline, files };
    await cdp.detach();
    await page.close();
  }
  await context.close();
  await server.close();
  console.log(JSON.stringify(out, null, 1));
} finally {
  rmSync(work, { recursive: true, force: true, maxRetries: 5 });
}
