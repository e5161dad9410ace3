// How dependency-cruiser reads our TypeScript. TypeScript 7 has no JavaScript compiler API, so
// dependency-cruiser cannot parse .ts/.tsx itself; it hands each file to babel with this config,
// whose only plugin lets esbuild strip the types first.
//
// A type-only import (`import type … from`, `export type … from`) is erased at build time, so it
// cannot make a load-order cycle, but it still couples one module to another's inner files. It is
// kept as a call to `typeOnly('…')`, which .dependency-cruiser.cjs declares as an "exotic require":
// the boundary rules see it like any import, the cycle rule skips cycles that pass through one.
const esbuild = require('esbuild');

const TYPE_ONLY = /^([ \t]*)(?:import|export)\s+type\s+[^;'"]*?\bfrom\s*(['"][^'"]+['"])\s*;?/gm;

function stripTypes(code, fileName) {
  const source = code.replace(TYPE_ONLY, '$1typeOnly($2);');
  return esbuild.transformSync(source, {
    loader: fileName.endsWith('x') ? 'tsx' : 'ts',
    format: 'esm',
    target: 'esnext',
    jsx: 'automatic',
    // keep every import, used or not: an import is a dependency even when only a type was used
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    sourcefile: fileName,
  }).code;
}

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [
    () => ({
      name: 'strip-types-with-esbuild',
      parserOverride(code, parserOpts, parse) {
        const fileName = parserOpts.sourceFileName ?? '';
        const isTypeScript = /\.[cm]?tsx?$/.test(fileName);
        return parse(isTypeScript ? stripTypes(code, fileName) : code, parserOpts);
      },
    }),
  ],
};
