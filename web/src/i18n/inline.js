// Every shipped catalogue inlined (in place of ./shipped.js in the classic builds, see scripts/build-web.mjs;
// imported by posenc/widgets/inline): the widgets speak every language with no file to fetch.
import es from './es.js';
import zhCN from './zh-CN.js';

export default { es, 'zh-CN': zhCN };
