// Bundles the extension host code, the scoring worker and the CLI (Node, CommonJS; `vscode` is provided by the host).
// Webview bundles (browser, IIFE) are listed in `webviewTargets`; each entry's imported CSS lands beside its .js.
const esbuild = require('esbuild');

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const targets = [
  // The banner and footer time the bundle's own loading (reported with the activation time, see
  // src/extension/extension.ts); the banner repeats "use strict" first, since a directive only counts at the very top.
  { entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], banner: { js: '"use strict";\nglobalThis.__understudyLoadStart = performance.now();' }, footer: { js: 'globalThis.__understudyLoadEnd = performance.now();' } },
  { entryPoints: ['src/worker/worker.ts'], outfile: 'dist/worker.js' },
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js' },
  { entryPoints: ['src/core/syntax/parse-pool-thread.ts'], outfile: 'dist/parse-pool-thread.js' },
];

const webviewTargets = [
  // Score report panel (src/extension/report-panel.ts): dist/webview/report.js + report.css.
  { entryPoints: ['webview/report/main.ts'], outfile: 'dist/webview/report.js' },
  // Comparison summary view and pairwise table (src/extension/compare/comparison-views.ts): compare.js + compare.css.
  { entryPoints: ['webview/compare/main.ts'], outfile: 'dist/webview/compare.js' },
  // Correlation panel (src/extension/correlations/correlation-panel.ts): correlation.js + correlation.css.
  { entryPoints: ['webview/correlation/main.ts'], outfile: 'dist/webview/correlation.js' },
  // Data-condition panel (src/extension/conditions/conditions-panel.ts): conditions.js + conditions.css.
  { entryPoints: ['webview/conditions/main.ts'], outfile: 'dist/webview/conditions.js' },
  // Truncated-sentence panel (src/extension/fragments/fragments-panel.ts): fragments.js + fragments.css.
  { entryPoints: ['webview/fragments/main.ts'], outfile: 'dist/webview/fragments.js' },
  // QARLA and heterogeneity panels (src/extension/qarla/analysis-panel.ts): dist/webview/qarla.js + qarla.css.
  { entryPoints: ['webview/qarla/main.ts'], outfile: 'dist/webview/qarla.js' },
  // ROSE and human–system gap panels (src/extension/rose/*): dist/webview/rose.js, gap.js + their .css.
  { entryPoints: ['webview/rose/main.ts'], outfile: 'dist/webview/rose.js' },
  { entryPoints: ['webview/gap/main.ts'], outfile: 'dist/webview/gap.js' },
  // Dependency trees panel (src/extension/dependency-views.ts): dependency.js + dependency.css.
  { entryPoints: ['webview/dependency/main.ts'], outfile: 'dist/webview/dependency.js' },
  // Manual Evaluation panel (src/extension/manual/manual-panel.ts): manual.js + manual.css.
  { entryPoints: ['webview/manual/main.ts'], outfile: 'dist/webview/manual.js' },
];

async function main() {
  // The JSON schema of understudy.json, its metric settings taken from package.json's (scripts/manifest-schema.js).
  require('./scripts/manifest-schema').writeManifestSchema(__dirname);
  const contexts = await Promise.all([
    ...targets.map((target) =>
      esbuild.context({
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        sourcemap: !production,
        minify: production,
        logLevel: 'warning',
        // ESM builds first: jsonc-parser's UMD build requires its parts at run time, which a bundle cannot serve.
        mainFields: ['module', 'main'],
        ...target,
      }),
    ),
    ...webviewTargets.map((target) =>
      esbuild.context({
        bundle: true,
        platform: 'browser',
        format: 'iife',
        target: 'chrome120',
        sourcemap: !production,
        minify: production,
        logLevel: 'warning',
        ...target,
      }),
    ),
  ]);
  if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
    console.log('esbuild: watching for changes…');
    return;
  }
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
