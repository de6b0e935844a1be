import fs from 'node:fs';
import path from 'node:path';

/**
 * The project's folder: the nearest one above this file that holds package.json. The server runs
 * from src/server under tsx (tests, `npm run dev`) and from dist/server/server when compiled
 * (`npm start`), so a path written relative to __dirname would be right in only one of them.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(__dirname);
