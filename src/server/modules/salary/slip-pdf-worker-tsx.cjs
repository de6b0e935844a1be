// The PDF worker thread when the server runs from TypeScript (tsx, jest): tsx's loader is per
// thread, so the thread registers it before loading slip-pdf-worker.ts.
require('tsx/cjs');
module.exports = require('./slip-pdf-worker.ts');
