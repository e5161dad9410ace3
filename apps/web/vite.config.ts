import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { deepLibraryImports, firstVisitChunks } from './first-visit-chunks';

export const contractsDir = fileURLToPath(new URL('../../packages/contracts/', import.meta.url));
export const ZOD_ALIAS = '__parleyContractsZod';

/**
 * The contracts declare zod schemas at module level next to the constants the web app uses.
 * A bundler must keep those `z.object(...)` calls — and all of zod, ~20 KB gzip — unless told
 * they are pure. In contract files only, this renames `z` to a unique name that tree-shaking
 * treats as pure (see manualPureFunctions) and marks top-level `const x = schema.partial()`-style
 * declarations pure, so schemas the app never uses are dropped.
 */
export function pureContractSchemas(): Plugin {
  const topLevelCall = /^((?:export )?const [\w$]+(?::[^=\n]+)? = )(?=[A-Za-z_$][\w$]*\s*[.(])/gm;
  // A schema built from another inside an object or array, e.g. `view: conversationView.default()`
  // or `name: required(message).pipe(...)`: unless marked pure too, that call outlives the dropped
  // object and keeps a reference to the renamed `z`, whose import tree-shaking removed (a
  // ReferenceError when the chunk loads).
  const nestedCall = /(?<=[:,[]\s*)(?=[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\()/g;
  return {
    name: 'parley:pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(contractsDir) || !id.endsWith('.ts')) return null;
      const renamed = code
        .replace(/import \{ z \} from 'zod';/, `import { z as ${ZOD_ALIAS} } from 'zod';`)
        .replace(/\bz\./g, `${ZOD_ALIAS}.`)
        .replace(topLevelCall, '$1/* @__PURE__ */ ')
        .replace(nestedCall, '/* @__PURE__ */ ');
      return { code: renamed, map: null };
    },
  };
}

/**
 * Every antd input reads the form's context (antd/es/form/context.js), which imports
 * `FormProvider` from @rc-component/form's index: without this, the whole form engine and its
 * validator (~10 KB gzip) ship with every page that has an input, Form or not. Their modules only
 * declare things, so an unused one can go.
 */
const RC_FORM = /[\\/]node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/;

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
const firstVisit = firstVisitChunks(srcDir, {
  entry: 'main.tsx',
  steps: [
    { name: 'themed-app', from: ['app/themed-app.tsx'] },
    { name: 'shell', from: ['app/shell-route.tsx', 'features/inbox/components/inbox-page.tsx'] },
    {
      name: 'conversation',
      from: ['features/conversation/components/conversation-pane.tsx'],
      sharedWith: 'none',
    },
  ],
  // themed-app.tsx's routes outside the shell.
  publicPages: [
    'features/auth/components/signup-page.tsx',
    'features/auth/components/forgot-password-page.tsx',
    'features/auth/components/reset-password-page.tsx',
    'features/team-members/components/invitation-confirm-page.tsx',
    'features/help-center/components/public-help-center-page.tsx',
    'features/widget-demo/widget-demo-page.tsx',
    'features/public-conversation/components/transcript-page.tsx',
    'features/public-conversation/components/feedback-page.tsx',
    'features/shell/nps/nps-form-page.tsx',
  ],
});

export default defineConfig({
  plugins: [react(), pureContractSchemas(), deepLibraryImports(srcDir), firstVisit.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // See first-visit-chunks.ts. A step's chunk holds exactly its modules: their
        // dependencies are in an earlier step's chunk or in the entry.
        codeSplitting: { groups: firstVisit.groups, includeDependenciesRecursively: false },
      },
      treeshake: {
        // Contract modules have no side effects: one whose exports are unused is left out.
        moduleSideEffects: (id: string) => !id.startsWith(contractsDir) && !RC_FORM.test(id),
        manualPureFunctions: [ZOD_ALIAS],
        // A pure schema call's leftover property reads (`schema.partial`, `MESSAGES.x`) would
        // otherwise keep a dropped schema's module alive without its zod import: a chunk that
        // throws `__parleyContractsZod is not defined` (widget-chat.ts via widget-settings.ts).
        // No code of ours or our libraries reads a property for its side effect.
        propertyReadSideEffects: false,
      },
    },
  },
  server: {
    proxy: {
      '/dashboardapi': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
      // The survey calls of spec §7 live under /marketingapi.
      '/marketingapi': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
