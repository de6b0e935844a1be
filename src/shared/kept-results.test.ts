import { keptResults } from './kept-results';

describe('kept results', () => {
  it('computes a key once, and starts again past the bound', () => {
    const compute = jest.fn((key: string) => key.length);
    const length = keptResults(compute, 2);
    expect([length('a'), length('a'), length('bb')]).toEqual([1, 1, 2]);
    expect(compute).toHaveBeenCalledTimes(2);
    length('ccc'); // a third key empties the full map first
    length('a');
    expect(compute).toHaveBeenCalledTimes(4);
  });
});
