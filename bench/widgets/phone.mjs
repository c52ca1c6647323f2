// The phone part of the widget benchmark (bench/widgets.mjs; `BENCH_ONLY=phone` runs it alone), issue 22:
//
//   phone             a learner's phone: 390×844 at device scale 3, touch, CPU slowed ×4 and the
//                     network at DevTools' "Slow 4G" (562.5 ms latency, 1.44 Mbit/s down), the files gzipped,
//                     no cache; median of PHONE_RUNS (3) loads of each demo part and of a bare course page
//                     (one heatmap, the one-tag script with defer: `bare`; the core and the heatmap's script of
//                     dist/tag/: `bareTag`; the core alone, which loads the heatmap's script: `bareTagOne`)
//                     and of each single-file part (issue 31,
//                     SINGLE_FILES). Per page, without scrolling: firstPaintMs (first contentful paint: the
//                     text shown), firstWidgetMs
//                     (the page's first widget has drawn; firstRenderMs of it from its engineReady: its first
//                     computation and drawing), inViewReadyMs (so have all widgets within a screen's
//                     height of its top: the first screen of widgets; `inView` lists them),
//                     longestTaskMs and longTasks (main-thread tasks over 50 ms until then), started (widgets
//                     that loaded: those far below the fold should not); htmlMs, scriptsMs and wasmMs (when the
//                     page, its last script and the engine's wasm had arrived) and transferKB (what came over the
//                     network until the first screen was drawn; wasmKB of it the engine). Then, with the page
//                     loaded and still at CPU ×4: tapMs (a tap on the heatmap: the longest event of the tap, input to next paint,
//                     Event Timing) and ropeDrag (a drag along the RoPE m slider: the longest input event and
//                     the longest task). The goals are checked in `phoneGoals`; its firstWidgetMs has wasmFloorMs,
//                     the least Slow 4G allows a widget the engine draws: two round trips (the page, then the
//                     wasm) and the wasm's bytes at full speed, and transferFloorMs, the same for all the bytes
//                     the part transferred before its first screen (the wasm and the scripts that run it).

export const PHONE_RUNS = Number(process.env.PHONE_RUNS ?? 3);
// DevTools' "Slow 4G" (Lighthouse's mobile throttling): 150 ms RTT ×3.75, 1.6 Mbit/s ×0.9 down, 750 kbit/s ×0.9 up
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, mobile: true };

// Installed before any page script: records long tasks, Event Timing entries and, for every posenc widget,
// when it has loaded and drawn (engineReady, then its update and picture, then the next frame).
function phoneProbe() {
  const probe = (window.__probe = { tasks: [], events: [], ready: new Map(), engine: new Map() });
  new PerformanceObserver((l) => probe.tasks.push(...l.getEntries().map((e) => [e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => probe.events.push(...l.getEntries().map((e) => ({ name: e.name, start: e.startTime, duration: e.duration }))))
    .observe({ type: 'event', durationThreshold: 16, buffered: true });
  const define = customElements.define.bind(customElements);
  customElements.define = (name, cls, options) => {
    if (name.startsWith('posenc-')) {
      const ready = cls.prototype.engineReady;
      cls.prototype.engineReady = function engineReady(...args) {
        probe.engine.set(this, performance.now());
        const r = ready.apply(this, args);
        this.updateComplete
          .then(() => this.renderComplete)
          .then(() => this.updateComplete)
          .then(() => requestAnimationFrame(() => probe.ready.set(this, performance.now())));
        return r;
      };
    }
    return define(name, cls, options);
  };
}

// The widgets a learner meets first: the first widget of the page and those within a screen's height below
// its top (on a phone, part 1 opens on text, and its first widget is one screen further down).
function firstScreen() {
  window.__firstScreen = (els) => {
    const tops = els.map((e) => e.getBoundingClientRect().top + scrollY);
    const first = Math.min(...tops);
    return els.filter((e, i) => tops[i] < first + innerHeight && e.getBoundingClientRect().height > 0);
  };
}

export const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  return s.length ? +s[Math.floor((s.length - 1) / 2)].toFixed(0) : null;
};

export async function phonePage(context, url, { init = null } = {}) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setDeviceMetricsOverride', PHONE);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(phoneProbe);
  await page.addInitScript(firstScreen);
  if (init) await page.addInitScript(init);
  await page.goto(url, { timeout: 60000 });
  return { page, cdp };
}

/** Waits until every widget in the first screen has drawn; then the loading figures. */
export async function loadFigures(page) {
  await page.waitForFunction(
    () => {
      const els = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-'));
      const inView = window.__firstScreen(els);
      return inView.length > 0 && inView.every((e) => window.__probe.ready.has(e));
    },
    null,
    { timeout: 60000, polling: 100 },
  );
  await page.waitForTimeout(1500);
  return page.evaluate(() => {
    const probe = window.__probe;
    const els = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('posenc-'));
    const inView = window.__firstScreen(els);
    const times = inView.map((e) => probe.ready.get(e));
    const end = Math.max(...times);
    const tasks = probe.tasks.filter(([t]) => t <= end);
    // where the bytes went by then: when the page, the scripts and the engine had arrived, and how much came
    const nav = performance.getEntriesByType('navigation')[0];
    const files = performance.getEntriesByType('resource').filter((r) => r.responseEnd <= end);
    const arrived = (re) => Math.round(Math.max(0, ...files.filter((r) => re.test(new URL(r.name).pathname)).map((r) => r.responseEnd)));
    const first = inView[times.indexOf(Math.min(...times))];
    const paint = performance.getEntriesByType('paint').find((p) => p.name === 'first-contentful-paint');
    return {
      firstPaintMs: paint ? Math.round(paint.startTime) : null,
      firstWidgetMs: Math.min(...times),
      firstRenderMs: probe.ready.get(first) - probe.engine.get(first),
      htmlMs: Math.round(nav.responseEnd),
      scriptsMs: arrived(/\.m?js$/),
      wasmMs: arrived(/\.wasm$/),
      transferKB: Math.round((nav.transferSize + files.reduce((s, r) => s + r.transferSize, 0)) / 1024),
      wasmKB: Math.round(files.filter((r) => r.name.endsWith('.wasm')).reduce((s, r) => s + r.transferSize, 0) / 1024),
      inViewReadyMs: end,
      inView: inView.map((e) => e.localName),
      widgets: els.length,
      started: els.filter((e) => e.pe).length,
      longestTaskMs: Math.max(0, ...tasks.map(([, d]) => d)),
      longTasks: tasks.length,
    };
  });
}

/** Events and long tasks recorded while `act` runs (the page at CPU ×4). */
async function during(page, act) {
  const mark = await page.evaluate(() => performance.now());
  await act();
  await page.waitForTimeout(1000);
  return page.evaluate((t0) => {
    const probe = window.__probe;
    const events = probe.events.filter((e) => e.start >= t0);
    const tasks = probe.tasks.filter(([t]) => t >= t0).map(([, d]) => d);
    return { events, longestTaskMs: Math.max(0, ...tasks), longTasks: tasks.length };
  }, mark);
}

/** The middle of an element inside `host`'s shadow root, scrolled into view. */
async function centre(page, host, inner) {
  await page.evaluate(([h, i]) => document.querySelector(h).shadowRoot.querySelector(i).scrollIntoView({ block: 'center' }), [host, inner]);
  // (a demo part loads its widgets after its first: this one may still be on its way)
  await page.evaluate((h) => customElements.whenDefined(document.querySelector(h).localName).then(() => document.querySelector(h).whenReady()), host);
  await page.waitForTimeout(500);
  return page.evaluate(([h, i]) => {
    const r = document.querySelector(h).shadowRoot.querySelector(i).getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, left: r.left, width: r.width };
  }, [host, inner]);
}

async function phoneRun(context, base) {
  const out = {};
  const pages = { part1: 'index.html', part2: 'methods.html', part3: 'model.html', bare: 'bare.html', bareTag: 'bare-tag.html', bareTagOne: 'bare-tag-one.html', ...SINGLE_FILES };
  for (const [name, path] of Object.entries(pages)) {
    const { page, cdp } = await phonePage(context, base + path);
    out[name] = await loadFigures(page);
    if (name === 'part1') {
      const at = await centre(page, '#heatmap', 'canvas');
      const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
      const tap = await during(page, async () => {
        await touch('touchStart', [{ x: at.x, y: at.y }]);
        await touch('touchEnd', []);
      });
      out.tapMs = Math.max(0, ...tap.events.filter((e) => /pointer|click|touch/.test(e.name)).map((e) => e.duration));
      out.tapLongestTaskMs = tap.longestTaskMs;
    }
    if (name === 'part2') {
      const at = await centre(page, '#rope-w', 'input[type="range"]');
      const drag = await during(page, async () => {
        await page.mouse.move(at.left + 4, at.y);
        await page.mouse.down();
        for (let i = 1; i <= 20; i++) await page.mouse.move(at.left + 4 + ((at.width - 8) * i) / 20, at.y);
        await page.mouse.up();
      });
      const inputs = drag.events.filter((e) => e.name === 'input' || e.name.startsWith('pointer'));
      out.ropeDrag = { longestEventMs: Math.max(0, ...inputs.map((e) => e.duration)), longestTaskMs: drag.longestTaskMs, longTasks: drag.longTasks };
    }
    await cdp.detach();
    await page.close();
  }
  return out;
}

export async function phone(context, base) {
  const runs = [];
  for (let i = 0; i < PHONE_RUNS; i++) runs.push(await phoneRun(context, base));
  const pick = (f) => median(runs.map(f));
  const parts = {};
  for (const name of ['part1', 'part2', 'part3', 'bare', 'bareTag', 'bareTagOne', ...Object.keys(SINGLE_FILES)]) {
    const r0 = runs[0][name];
    parts[name] = {
      firstPaintMs: pick((r) => r[name].firstPaintMs),
      firstWidgetMs: pick((r) => r[name].firstWidgetMs),
      inViewReadyMs: pick((r) => r[name].inViewReadyMs),
      firstRenderMs: pick((r) => r[name].firstRenderMs),
      htmlMs: pick((r) => r[name].htmlMs),
      scriptsMs: pick((r) => r[name].scriptsMs),
      wasmMs: pick((r) => r[name].wasmMs),
      transferKB: pick((r) => r[name].transferKB),
      wasmKB: pick((r) => r[name].wasmKB),
      longestTaskMs: pick((r) => r[name].longestTaskMs),
      longTasks: pick((r) => r[name].longTasks),
      inView: r0.inView,
      started: `${pick((r) => r[name].started)} of ${r0.widgets}`,
    };
  }
  return {
    setting: '390×844 ×3 touch, CPU ×4, Slow 4G (562.5 ms, 1.44 Mbit/s), gzip, no cache',
    runs: PHONE_RUNS,
    ...parts,
    tapMs: pick((r) => r.tapMs),
    tapLongestTaskMs: pick((r) => r.tapLongestTaskMs),
    ropeDrag: {
      longestEventMs: pick((r) => r.ropeDrag.longestEventMs),
      longestTaskMs: pick((r) => r.ropeDrag.longestTaskMs),
      longTasks: pick((r) => r.ropeDrag.longTasks),
    },
  };
}

// the single-file lesson parts (issue 31: text first), served gzipped like the rest; bench/widgets.mjs builds them
// and the embed page as one file (one widget, as an iframe in a course page shows it), held to the same goals
export const SINGLE_FILES = {
  single1: 'posenc-demo.html',
  single2: 'posenc-demo-methods.html',
  single3: 'posenc-demo-model.html',
  single4: 'posenc-demo-train.html',
  singleEmbed: 'posenc-embed.html#widget=posenc-heatmap',
};

// a course page with one widget and the one-tag script, as docs/widgets.md shows it (bare.html), and the same
// with the one-tag script in parts: the core and the heatmap's script (bare-tag.html, dist/tag/), or the core
// alone, which loads the heatmap's script from beside it (bare-tag-one.html)
const barePage = (scripts) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>one widget</title><link rel="icon" href="data:,">${scripts.map((s) => `<script defer src="${s}"></script>`).join('')}</head>
<body><h1>Positions</h1><p>A table of sinusoidal encodings.</p><posenc-heatmap length="20" d-model="32"></posenc-heatmap></body></html>`;
export const BARE_PAGES = { 'bare.html': barePage(['posenc-widgets.iife.js']), 'bare-tag.html': barePage(['tag/posenc-core.js', 'tag/posenc-heatmap.js']), 'bare-tag-one.html': barePage(['tag/posenc-core.js']) };

// two round trips (the page, then what it loads) and `kB` at full speed: the least Slow 4G allows
const networkFloor = (kB) => Math.round(2 * SLOW_4G.latency + (kB * 1024 * 1000) / SLOW_4G.downloadThroughput);

/** Issue 22's goals for a phone, each with its figure and whether it is met. */
export function phoneGoals(p) {
  const parts = ['part1', 'part2', 'part3'];
  const goal = (figure, limit) => ({ figure, limit, pass: figure != null && figure <= limit });
  return {
    // what Slow 4G allows at best for a widget drawn by the engine: the page's round trip, then the wasm's,
    // then its bytes at full speed (nothing else loading, no work): a floor no page script can go under
    // wasmFloorMs: the wasm alone; transferFloorMs: everything the part transferred before its first screen
    // (the wasm and the scripts that run it), the floor for the bytes the pages need today
    firstWidgetMs: {
      ...goal(Math.max(...parts.map((n) => p[n].firstWidgetMs)), 1500),
      wasmFloorMs: Math.max(...parts.map((n) => networkFloor(p[n].wasmKB))),
      transferFloorMs: Math.max(...parts.map((n) => networkFloor(p[n].transferKB))),
    },
    inViewReadyMs: goal(Math.max(...parts.map((n) => p[n].inViewReadyMs)), 2500),
    longestLoadingTaskMs: goal(Math.max(...[...parts, 'bare', 'bareTag', 'bareTagOne'].map((n) => p[n].longestTaskMs)), 200),
    tapMs: goal(p.tapMs, 100),
    // issue 31: the one-tag course page drawn within 2.5 s (with every widget in one file, and with the core
    // and the heatmap's script); each single file's text painted within 1.5 s and its first screen of widgets
    // ready within 3 s
    bareReadyMs: goal(p.bare.inViewReadyMs, 2500),
    bareTagReadyMs: goal(p.bareTag.inViewReadyMs, 2500),
    singleFirstPaintMs: goal(Math.max(...Object.keys(SINGLE_FILES).map((n) => p[n].firstPaintMs)), 1500),
    singleReadyMs: goal(Math.max(...Object.keys(SINGLE_FILES).map((n) => p[n].inViewReadyMs)), 3000),
    longestUseTaskMs: goal(Math.max(p.tapLongestTaskMs, p.ropeDrag.longestTaskMs), 200),
  };
}

