/**
 * Builds the SPA into dist/client: swc transpiles TypeScript, file names carry content hashes, and
 * the admin and employee areas are split into their own chunks by the router's lazy imports.
 * Development builds go to dist/client-dev, so `npm run dev` never leaves one where `npm start`,
 * the browser tests and the benchmarks look.
 */
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: './src/client/index.tsx',
    output: {
      path: path.resolve(__dirname, production ? 'dist/client' : 'dist/client-dev'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      publicPath: '/',
      clean: true,
    },
    // No source maps in production: public maps hand out the whole client source (2.3 MB of it).
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2020',
              },
            },
          },
        },
        // CSS is extracted to hashed files linked from index.html, so the strict CSP needs no inline styles.
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
      }),
      new HtmlWebpackPlugin({
        template: './src/client/index.html',
        scriptLoading: 'defer',
        minify: production,
      }),
      // Brotli and gzip copies beside each asset, built once at maximum effort; the server's static
      // files plugin sends the one the browser accepts, so no request pays for compression.
      ...(production
        ? [
            new CompressionPlugin({ algorithm: 'gzip', test: /\.(js|css|html|svg)$/, threshold: 1024, minRatio: 0.9 }),
            new CompressionPlugin({
              algorithm: 'brotliCompress',
              filename: '[path][base].br',
              test: /\.(js|css|html|svg)$/,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 1024,
              minRatio: 0.9,
            }),
          ]
        : []),
    ],
    performance: { hints: false },
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
  };
};
