// How the demo typesets its formulas, at build time (scripts/build-web-math.mjs) and in the page
// (lesson-page.js): MathML only, so no fonts and no inline styles (pages under a strict style-src CSP show it).
export const KATEX_OPTIONS = { throwOnError: false, output: 'mathml', strict: 'ignore' };
