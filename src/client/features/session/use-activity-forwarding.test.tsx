import { fireEvent, renderHook } from '@testing-library/react';
import type { SessionActor } from './session-context';
import { useActivityForwarding } from './use-activity-forwarding';

describe('useActivityForwarding', () => {
  it('forwards mouse, key, click and scroll as ACTIVITY, at most once a second, until unmounted', () => {
    const send = jest.fn();
    const session = { send } as unknown as SessionActor;
    let now = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const { unmount } = renderHook(() => useActivityForwarding(session));

      fireEvent.mouseMove(window);
      fireEvent.keyDown(window);
      expect(send).toHaveBeenCalledTimes(1);
      expect(send).toHaveBeenCalledWith({ type: 'ACTIVITY' });

      for (const fire of [() => fireEvent.keyDown(document.body), () => fireEvent.click(document.body), () => fireEvent.scroll(window)]) {
        now += 1000;
        fire();
      }
      expect(send).toHaveBeenCalledTimes(4);

      unmount();
      now += 1000;
      fireEvent.mouseMove(window);
      expect(send).toHaveBeenCalledTimes(4);
    } finally {
      clock.mockRestore();
    }
  });
});
