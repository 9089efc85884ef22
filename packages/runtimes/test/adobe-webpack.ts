/**
 * One single-file App Builder action bundled as the aio CLI bundles one (adobe/aio-lib-runtime
 * src/build-actions.js: target node, commonjs2, production, no minification, resolve.mainFields
 * ['main'], a DefinePlugin). The App Builder lane runs what it writes; `npm run bench` weighs it and
 * times its `require` on the runtime's Node.
 */
import webpack from 'webpack';

/** Bundles `entry` into `outDir`/index.js (plus a file per lazily loaded chunk). */
export function adobeWebpack(entry: string, outDir: string): Promise<void> {
  const config: webpack.Configuration = {
    entry: [entry],
    output: { libraryTarget: 'commonjs2', path: outDir, filename: 'index.js' },
    target: 'node',
    mode: 'production',
    optimization: { minimize: false },
    resolve: { extensions: ['.js', '.json'], mainFields: ['main'] },
    plugins: [new webpack.DefinePlugin({ WEBPACK_ACTION_BUILD: 'true', 'process.env.AIO_CLI_ENV': '"prod"' })],
  };
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve();
    });
  });
}

