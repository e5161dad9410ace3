import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import {
  BUILD_INFO_PATH,
  BUILD_META_NAME,
  FIRST_VISIT_PATH,
} from '../../packages/contracts/src/constants.ts';
import { featureEntryImports } from './feature-entries.ts';
import { deepLibraryImports, firstVisitChunks } from './first-visit-chunks.ts';
import { linguiPlugins } from './lingui-plugins.ts';

/**
 * Gives the build its id: a hash of index.html and of the output's file
 * names, which carry their contents' hashes, so the same sources give the same id. index.html
 * names it in a meta tag (the tab's build) and build.json holds it (the served build).
 */
export function buildId(): Plugin {
  return {
    name: 'parley:build-id',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const files = Object.keys(bundle).filter((file) => file !== 'index.html');
        const id = createHash('sha256')
          .update([String(html.source), ...files.sort()].join('\n'))
          .digest('hex')
          .slice(0, 16);
        html.source = String(html.source).replace(
          '</head>',
          `  <meta name="${BUILD_META_NAME}" content="${id}" />\n  </head>`,
        );
        this.emitFile({
          type: 'asset',
          fileName: BUILD_INFO_PATH.replace(/^\//, ''),
          source: JSON.stringify({ build: id }),
        });
      },
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
  manifestFile: FIRST_VISIT_PATH.slice(1),
  // The form engine: the forms are on pages and in modals, none in the first render of the inbox.
  lazyOnly:
    /[\\/]node_modules[\\/](@rc-component[\\/](form|async-validator)|antd[\\/]es[\\/]form[\\/]hooks[\\/]useForm)[\\/.]/,
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
  plugins: [
    react(),
    ...linguiPlugins(),
    featureEntryImports(srcDir),
    deepLibraryImports(srcDir),
    firstVisit.plugin,
    buildId(),
  ],
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
        moduleSideEffects: (id: string) => !RC_FORM.test(id),
      },
    },
  },
  server: {
    proxy: {
      '/dashboardapi': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
      // The survey calls of docs/product/api.md live under /marketingapi.
      '/marketingapi': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
