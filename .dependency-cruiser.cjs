// Boundaries a machine checks (`npm run check:bounds`, part of `npm run check`).
// There is no exceptions list on purpose: when a rule fails, move the code, not the rule.
// See docs/ARCHITECTURE.md, "Boundaries".

// Without these dependency-cruiser would read no TypeScript and pass having checked nothing:
// @swc/core makes it take .ts/.tsx files at all, @babel/core runs scripts/depcruise-ts.cjs on them.
require.resolve('@swc/core');
require.resolve('@babel/core');

const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
const TEST = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycles make load order matter and hide which side owns what. Move the shared part to the module that owns it, or to lib/.',
      from: { path: '^(apps|packages)/' },
      // a cycle through a type-only import is erased at build time (see scripts/depcruise-ts.cjs)
      to: { circular: true, viaOnly: { dependencyTypesNot: ['exotic-require'] } },
    },
    {
      name: 'module-through-service',
      severity: 'error',
      comment:
        'A server module is used by other modules only through its *.service.ts or its *.public.ts (what it chose to share), never through its queries, routes or other inner files. Add a service function, or export the helper from the public file of the module that owns it.',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TEST },
      to: {
        path: MODULES,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/[^/]+\\.(service|public)\\.ts$`],
      },
    },
    {
      name: 'module-tests-through-service',
      severity: 'error',
      comment:
        "A test may also set up data with another module's *.fixtures.ts; otherwise it goes through the same doors as the code.",
      from: { path: [`${MODULES}([^/]+)/.*${TEST}`] },
      to: {
        path: MODULES,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/[^/]+\\.(service|public|fixtures)\\.ts$`],
      },
    },
    {
      name: 'no-sql-in-routes',
      severity: 'error',
      comment:
        'Routes are thin: they parse, call a service and answer. SQL lives in *.queries.ts, reached through the service.',
      from: { path: '\\.routes\\.ts$' },
      to: { path: [`${SERVER}db/`, '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'lib-and-db-below-modules',
      severity: 'error',
      comment:
        'lib/ and db/ are the ground floor: they never import a feature module (pass what they need in as a parameter or register it from the module).',
      from: { path: `${SERVER}(lib|db)/` },
      to: { path: MODULES },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser to read .ts with: see scripts/depcruise-ts.cjs.
    babelConfig: { fileName: 'scripts/depcruise-ts.cjs' },
    includeOnly: { path: ['^apps/', '^packages/', '(^|/)node_modules/drizzle-orm/'] },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/(?!drizzle-orm/)'] },
    exoticRequireStrings: ['typeOnly'],
    doNotFollow: { path: '(^|/)node_modules/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
