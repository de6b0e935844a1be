/**
 * Comments and docs point inside the repository: a clone has no tracker and no outside spec, so a
 * comment naming a tracker number or a numbered section of a spec leads nowhere. product.md (beside
 * the client) holds the product's description by named section; a reason belongs where the code is.
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..');
// Spaces written as \s, so this file does not match the searches it stands for.
const OUTSIDE_POINTER = new RegExp(String.raw`\bissues?\s\d+|\bspec\ssections?\s\d|§\d|\bARCHITECTURE\s(section|§)`, 'i');
// The changelog tells history; this file states the rule it checks.
const EXEMPT = new Set([path.join(SRC, 'CHANGELOG.md'), __filename]);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|css|md)$/.test(entry.name) && !EXEMPT.has(full)) yield full;
  }
}

test('no comment or doc under src points to a tracker or to a numbered section outside the repository', () => {
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
