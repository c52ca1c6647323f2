import { defineConfig } from 'vite';

export default defineConfig({
  slidev: {
    // posenc-* tags are custom elements, not Vue components
    vue: { template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('posenc-') } } },
  },
});
