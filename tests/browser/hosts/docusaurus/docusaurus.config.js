export default {
  title: 'posenc on Docusaurus',
  url: 'https://example.org',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  presets: [['classic', { docs: { routeBasePath: '/' }, blog: false }]],
  // posenc's widgets run in the browser only: loaded by a client module
  clientModules: ['./src/posenc.js'],
};
