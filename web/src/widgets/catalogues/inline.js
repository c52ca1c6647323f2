// Every shipped catalogue inlined (imported by posenc/widgets/inline): the widgets speak every language with no
// file to fetch. (The classic builds keep ./shipped.js, whose modules esbuild inlines, see scripts/build-web.mjs.)
import es from './es.js';
import zhCN from './zh-CN.js';

export default { es, 'zh-CN': zhCN };
