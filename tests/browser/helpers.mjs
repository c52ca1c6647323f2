// Shared set-up and helpers for the browser tests, one module per job; every test imports them from here.
export * from './browser.mjs';
export * from './checks.mjs';
export * from './read.mjs';
export * from './refs.mjs';
export * from './selection.mjs';
