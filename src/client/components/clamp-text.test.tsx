import { act, render, screen } from '@testing-library/react';
import { ClampText } from './clamp-text';

/** A stand-in for the browser's ResizeObserver: the test says when a size "changed". */
const observed = new Set<Element>();
let notify: (targets: Element[]) => void = () => {};
class FakeResizeObserver {
  constructor(callback: (entries: { target: Element }[]) => void) {
    notify = (targets) => callback(targets.map((target) => ({ target })));
  }
  observe(el: Element) {
    observed.add(el);
  }
  unobserve(el: Element) {
    observed.delete(el);
  }
  disconnect() {}
}

/** jsdom lays nothing out: give the element the sizes a browser would. */
function layOut(el: HTMLElement, { full, shown }: { full: number; shown: number }) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: full });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: shown });
  act(() => notify([el]));
}

const LONG = 'Venkata Satya Lakshmi Narasimha Subrahmanyam Chandrasekharan';

beforeAll(() => {
  Object.assign(globalThis, { ResizeObserver: FakeResizeObserver });
});

afterAll(() => {
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
});

describe('ClampText', () => {
  it('keeps the whole text in the page, for screen readers and find-in-page', () => {
    render(<ClampText text={LONG} />);
    expect(screen.getByText(LONG)).toHaveClass('data-table__clamp');
  });

  it('makes a cut text a tab stop with the whole text as its tooltip', () => {
    render(<ClampText text={LONG} />);
    const el = screen.getByText(LONG);
    expect(observed.has(el)).toBe(true);
    layOut(el, { full: 88, shown: 44 });
    expect(el).toHaveAttribute('tabindex', '0');
    expect(el).toHaveAttribute('title', LONG);
  });

  it('leaves a text that fits alone: no tab stop, no tooltip', () => {
    render(<ClampText text="Asha Rao" />);
    const el = screen.getByText('Asha Rao');
    layOut(el, { full: 22, shown: 22 });
    expect(el).not.toHaveAttribute('tabindex');
    expect(el).not.toHaveAttribute('title');
  });

  it('stays a tab stop while focused and open in full, and is decided again when the column widens', () => {
    render(<ClampText text={LONG} />);
    const el = screen.getByText(LONG);
    layOut(el, { full: 88, shown: 44 });
    act(() => el.focus());
    expect(el).toHaveFocus();
    // Open, it is as tall as its text; that must not take away the tab stop it is using.
    layOut(el, { full: 88, shown: 88 });
    expect(el).toHaveAttribute('tabindex', '0');
    act(() => el.blur());
    layOut(el, { full: 44, shown: 44 });
    expect(el).not.toHaveAttribute('tabindex');
    expect(el).not.toHaveAttribute('title');
  });

  it('shows what it is given (an address with its break points), with the text as the tooltip', () => {
    render(
      <ClampText text="asha@example.com">
        asha
        <wbr />
        @example.com
      </ClampText>,
    );
    const el = screen.getByText((_, node) => node?.textContent === 'asha@example.com' && node.tagName === 'SPAN');
    layOut(el, { full: 88, shown: 44 });
    expect(el).toHaveAttribute('title', 'asha@example.com');
  });

  it('stops watching when it leaves the page', () => {
    const { unmount } = render(<ClampText text={LONG} />);
    const el = screen.getByText(LONG);
    unmount();
    expect(observed.has(el)).toBe(false);
  });
});
