// What every part of the demo lesson says in Simplified Chinese: the skip link, the header's switches, the footer and the
// messages the page scripts write (web/demo/language.js, MESSAGES), by their keys. Each page's own text is in
// ../<page>.zh-CN.js, beside it; a page script imports both.

export default {
  'common.skip': '跳到课程正文',
  'common.theme': '配色主题',
  'common.theme.auto': '自动',
  'common.theme.light': '浅色',
  'common.theme.dark': '深色',
  'common.language': '语言',
  'common.contents': '目录',
  'common.foot.engine': '所有数值都由本页面中运行的 posenc 引擎（C++ 编译为 WebAssembly）计算，不从网络获取任何内容。',
  'js.engine.loading': '正在加载引擎…',
  'js.engine.simd': '引擎已就绪：WebAssembly，支持 SIMD。',
  'js.engine.scalar': '引擎已就绪：WebAssembly（标量版本：此浏览器不支持 WebAssembly SIMD）。',
  'js.engine.failed': '引擎无法启动：{error}',
  'js.formula.scrolls': '公式，可横向滚动',
  'js.formula.more': '公式右边还有内容：横向滚动查看 →',
  'js.formula.back': '← 公式左边还有内容',
  'js.notes.one': '此链接中有 1 项设置无法使用，页面改为显示它自己的值：',
  'js.notes.other': '此链接中有 {count} 项设置无法使用，页面改为显示它自己的值：',
  'js.notes.more': '……另有 {count} 项。',
  'js.notes.hide': '隐藏此提示',
  'js.text.empty': '请先输入几个词。',
  'js.text.used': '{count} 个词元：用于填充表（前 {first} 个）和方法对比。',
};
