export default {
  title: 'posenc on VitePress',
  vue: {
    template: {
      // posenc-* tags are custom elements, not Vue components
      compilerOptions: { isCustomElement: (tag) => tag.startsWith('posenc-') },
    },
  },
  vite: {
    // pre-bundling would move posenc away from the wasm files its engine fetches
    optimizeDeps: { exclude: ['posenc'] },
  },
};
