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

const WEB = '^apps/web/src/';
const FEATURES = `${WEB}features/`;
// A feature's public entry, the one file of it the rest of the app imports (apps/web/feature-entries.ts).
const FEATURE_ENTRY = `${FEATURES}[^/]+/index\\.tsx?$`;
// A feature's test kit (fixtures, fakes), for other features' tests through its own entry.
const TEST_KIT = '(?:test|testing)/';
const FEATURE_TEST_KIT_ENTRY = `${FEATURES}[^/]+/${TEST_KIT}index\\.tsx?$`;
// Each capture below is the feature a file is in (`features/<name>/`), or else its top folder.
const WEB_CODE = `${WEB}(features/[^/]+/|[^/]+)`;
const WEB_TESTS = [`${WEB}.*${TEST}`, `${FEATURES}[^/]+/${TEST_KIT}`, `${WEB}test/`];
const WEB_TEST = `${WEB}(?:(features/[^/]+/|[^/]+).*${TEST}|(features/[^/]+/)${TEST_KIT}|(test)/)`;

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
    {
      name: 'web-feature-through-entry',
      severity: 'error',
      comment:
        "A feature of the web app is used by the rest of the app only through its public entry, features/<name>/index.ts, never through its inner files: import from the entry, and re-export there by name what you need (`export { x } from './inner'`, `export type { T } from './inner'`). The build resolves each name to its own module, so the entry adds no bytes to a page (apps/web/feature-entries.ts). Inside the feature, import the sibling file directly, never the feature's own index.ts. Pages the router loads lazily: see web-feature-lazy-from-app.",
      from: { path: WEB_CODE, pathNot: WEB_TESTS },
      to: {
        path: FEATURES,
        pathNot: [`${WEB}$1`, FEATURE_ENTRY],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'web-feature-lazy-from-app',
      severity: 'error',
      comment:
        "Only app/ (the router and its preloading) may import() a feature's inner module: a page loaded lazily (or a settings.ts gathering a settings page) stays a chunk of its own, which going through index.ts would merge with everything the entry names. Elsewhere, load a part of another feature lazily through a lazy component its index.ts exports (like AvailabilitySwitcher or MacroBulkMenu).",
      from: { path: `${WEB}(features/[^/]+/|(?!app/)[^/]+)`, pathNot: WEB_TESTS },
      to: {
        path: FEATURES,
        pathNot: [`${WEB}$1`, FEATURE_ENTRY],
        dependencyTypes: ['dynamic-import'],
      },
    },
    {
      name: 'web-feature-tests-through-entry',
      severity: 'error',
      comment:
        "A test or test kit may also use another feature's test kit through its entry, features/<name>/testing/index.ts (or test/index.ts): its fixtures and fakes, and the parts other features' tests render. Otherwise it goes through the same door as the code.",
      from: { path: WEB_TEST },
      to: { path: FEATURES, pathNot: [`${WEB}$1`, FEATURE_ENTRY, FEATURE_TEST_KIT_ENTRY] },
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
