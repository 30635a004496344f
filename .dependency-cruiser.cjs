/**
 * The boundary rules of the code (docs/architecture.md): `npm run boundaries`, run by `npm test` beside the type check.
 * Directions: core/ imports nothing of ours; server/ imports core/ and never a browser folder; the browser folders
 * import core/; one business area reaches another only through its public face (server/domains/<area>/index.ts).
 */
const BROWSER = '^(src|engine|widgets|screens-custom)/';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: two modules that each need the other are one module, or one of them is in the wrong place.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'core/ is pure TypeScript shared by server and browser: it imports only core/, the meta-schemas and libraries that are neither a UI, a web server nor a database (its tests may read files).',
      from: { path: '^core/', pathNot: ['\\.test\\.ts$', '^core/print/pdf/testing/'] },
      to: { pathNot: ['^core/', '^schemas/meta/', '^node_modules/'] },
    },
    {
      name: 'core-no-platform-libraries',
      severity: 'error',
      comment: 'core/ runs in both places: no React, UI kit, web server or database driver.',
      from: { path: '^core/' },
      to: { path: '^node_modules/(react|react-dom|@mantine|@tanstack|fastify|@fastify|pg|pg-copy-streams|@electric-sql)/' },
    },
    {
      name: 'server-not-browser',
      severity: 'error',
      comment: 'The server never imports a browser folder: what both need lives in core/.',
      from: { path: '^(server|scripts)/' },
      to: { path: BROWSER },
    },
    {
      name: 'area-public-face',
      severity: 'error',
      comment: 'A business area is reached only through its public face, server/domains/<area>/index.ts.',
      from: { path: '^server/', pathNot: ['^server/domains/([^/]+)/', '^server/domains/index\\.ts$'] },
      to: { path: '^server/domains/[^/]+/', pathNot: '^server/domains/[^/]+/index\\.ts$' },
    },
    {
      name: 'area-to-area-public-face',
      severity: 'error',
      comment: 'One area reaches another only through its public face, server/domains/<area>/index.ts.',
      from: { path: '^server/domains/([^/]+)/' },
      to: { path: '^server/domains/[^/]+/', pathNot: ['^server/domains/$1/', '^server/domains/[^/]+/index\\.ts$'] },
    },
    {
      name: 'one-wiring-path',
      severity: 'error',
      comment: 'An area\'s plugin (its routes and registrations) is loaded only by the wiring list, server/domains/index.ts, which loads nothing else of an area.',
      from: { path: '^server/domains/index\\.ts$' },
      to: { path: '^server/domains/[^/]+/', pathNot: '^server/domains/[^/]+/plugin\\.ts$' },
    },
    {
      name: 'plugin-only-from-wiring',
      severity: 'error',
      comment: 'An area\'s plugin is loaded only by the wiring list, server/domains/index.ts.',
      from: { pathNot: '^server/domains/index\\.ts$' },
      to: { path: '^server/domains/[^/]+/plugin\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-server|\\.tmp)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
