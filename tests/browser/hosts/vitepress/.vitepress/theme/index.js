import DefaultTheme from 'vitepress/theme';

export default {
  extends: DefaultTheme,
  async enhanceApp() {
    // the widgets run in the browser only, not while the pages are rendered at build time
    if (!import.meta.env.SSR) await import('posenc/widgets');
  },
};
