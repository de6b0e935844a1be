/**
 * Comments and docs point inside the repository: a clone has no tracker and no outside spec, so a
 * comment naming "issue 14" or a spec's numbered section leads nowhere. product.md (beside the
 * client) holds the product's description by named section; a reason belongs where the code is.
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..');
const OUTSIDE_POINTER = /\bissues? \d+|\bspec sections? \d|§\d/i;
// The changelog tells history; this file states the rule it checks.
const EXEMPT = new Set([path.join(SRC, 'CHANGELOG.md'), __filename]);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|css|md)$/.test(entry.name) && !EXEMPT.has(full)) yield full;
  }
}

test('no comment or doc under src points to a tracker issue or a numbered spec section', () => {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (OUTSIDE_POINTER.test(line)) found.push(`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(found).toEqual([]);
});
