/**
 * What the hand-run screenshot scripts (shots-*.ts) share: the two sizes a reviewer looks at, and a
 * stand-in for jest's expect, which the harness's API helpers call and which is absent outside jest.
 */
Object.assign(globalThis, {
  expect: (actual: unknown) => ({
    toBe: (expected: unknown) => {
      if (actual !== expected) throw new Error(`expected ${String(expected)}, got ${String(actual)}`);
    },
    toMatch: (re: RegExp) => {
      if (!re.test(String(actual))) throw new Error(`expected ${String(actual)} to match ${re}`);
    },
  }),
});

export const SHOT_VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;
