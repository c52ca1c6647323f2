// The demo's colour-theme switch: Auto (the system's prefers-color-scheme), Light or Dark. It sets
// data-theme on <html> (the page's palette, see demo.css) and the documented `theme` attribute on every
// posenc widget; the choice is remembered in localStorage when the browser allows it.

const KEY = 'posenc-theme';
const CHOICES = ['auto', 'light', 'dark'];

function stored() {
  try {
    const v = localStorage.getItem(KEY);
    return CHOICES.includes(v) ? v : 'auto';
  } catch {
    return 'auto'; // storage blocked (some file:// or sandboxed iframe set-ups)
  }
}

/** Applies `choice` to the page and to every posenc widget in it. */
export function applyTheme(choice, root = document) {
  const theme = CHOICES.includes(choice) ? choice : 'auto';
  if (theme === 'auto') delete root.documentElement.dataset.theme;
  else root.documentElement.dataset.theme = theme;
  for (const el of root.querySelectorAll('*')) if (el.localName.startsWith('posenc-')) el.setAttribute('theme', theme);
  for (const b of root.querySelectorAll('[data-theme-choice]')) b.setAttribute('aria-pressed', String(b.dataset.themeChoice === theme));
  return theme;
}

/** Wires the buttons with data-theme-choice and applies the remembered choice. */
export function wireThemeSwitch(root = document) {
  for (const b of root.querySelectorAll('[data-theme-choice]')) {
    b.addEventListener('click', () => {
      const theme = applyTheme(b.dataset.themeChoice, root);
      try {
        localStorage.setItem(KEY, theme);
      } catch {
        /* not remembered; the page still switches */
      }
    });
  }
  const initial = stored();
  if (initial !== 'auto') applyTheme(initial, root);
}
