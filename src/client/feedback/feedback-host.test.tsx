import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { feedbackEffects } from './effects';
import { FeedbackHost } from './feedback-host';
import { feedbackMachine } from './feedback-machine';

/** The host with a real feedback actor, beside a button that opens things like a page would. */
function setup() {
  const actor = createActor(feedbackMachine).start();
  const effects = feedbackEffects(actor);
  const user = userEvent.setup();
  render(
    <>
      <button type="button">Before</button>
      <button type="button">Opener</button>
      <FeedbackHost actor={actor} />
    </>,
  );
  const opener = screen.getByRole('button', { name: 'Opener' });
  return { actor, effects, user, opener };
}

/** Opens a dialog "from" the opener: focus there first, as a click would leave it. */
function openFrom<T>(opener: HTMLElement, open: () => Promise<T>): Promise<T> {
  opener.focus();
  let answer!: Promise<T>;
  act(() => {
    answer = open();
  });
  return answer;
}

describe('in-app dialog', () => {
  it('is an alertdialog named by its title and described by its message, focused on Cancel for a danger', async () => {
    const { effects, opener } = setup();
    void openFrom(opener, () =>
      effects.confirm({ title: 'Delete employee', message: 'Are you sure you want to delete this employee?', confirmLabel: 'Delete', danger: true }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleName('Delete employee');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this employee?');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside, and gives the focus back to the opener with the answer', async () => {
    const { effects, opener, user } = setup();
    const answer = openFrom(opener, () => effects.confirm({ message: 'Go on?', confirmLabel: 'Yes' }));
    const dialog = await screen.findByRole('alertdialog');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const yes = within(dialog).getByRole('button', { name: 'Yes' });
    expect(yes).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(yes).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(yes).toHaveFocus();
    await user.keyboard('{Enter}');
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('Escape cancels and restores the focus', async () => {
    const { effects, opener, user } = setup();
    const answer = openFrom(opener, () => effects.confirm({ message: 'Go on?', confirmLabel: 'Yes' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('an alert has one OK button; Enter acknowledges it', async () => {
    const { effects, opener, user } = setup();
    const done = openFrom(opener, () => effects.alert('This feature is under maintenance and will be available soon.'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('This feature is under maintenance and will be available soon.');
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['OK']);
    await user.keyboard('{Enter}');
    await expect(done).resolves.toBeUndefined();
    expect(opener).toHaveFocus();
  });

  it('the period dialog starts at the given month, takes a typed month name, and Cancel answers null', async () => {
    const { effects, opener, user } = setup();
    const request = { title: 'Email Salary Slip', message: 'For Asha Rao (EMP0001)', submitLabel: 'Send Salary Slip', initial: { month: 'September', year: '2026' } };
    const sent = openFrom(opener, () => effects.prompt(request));
    const dialog = await screen.findByRole('alertdialog', { name: 'Email Salary Slip' });
    const month = within(dialog).getByLabelText('Month');
    const year = within(dialog).getByLabelText('Year');
    expect(month).toHaveValue('September');
    expect(year).toHaveValue('2026');
    expect(month).toHaveFocus();
    // The twelve names are offered as the field's list.
    expect(month).toHaveAttribute('list');
    expect(document.getElementById(month.getAttribute('list')!)!.querySelectorAll('option')).toHaveLength(12);
    await user.clear(month);
    await user.type(month, 'March');
    await user.clear(year);
    await user.type(year, '2025{Enter}');
    await expect(sent).resolves.toEqual({ month: 'March', year: '2025' });
    expect(opener).toHaveFocus();

    const cancelled = openFrom(opener, () => effects.prompt(request));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await expect(cancelled).resolves.toBeNull();
  });

  it('shows queued dialogs one at a time', async () => {
    const { effects, opener, user } = setup();
    const first = openFrom(opener, () => effects.confirm({ message: 'First?', confirmLabel: 'Yes' }));
    const second = openFrom(opener, () => effects.confirm({ message: 'Second?', confirmLabel: 'Yes' }));
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription('First?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(first).resolves.toBe(true);
    expect(await screen.findByRole('alertdialog')).toHaveAccessibleDescription('Second?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(second).resolves.toBe(false);
  });
});

describe('toasts', () => {
  it('successes are role="status", errors role="alert"; the region is named only while it has a toast; one at a time', () => {
    const { effects } = setup();
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => effects.toast('success', 'Punched in successfully'));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('status')).toHaveTextContent('Punched in successfully');
    act(() => effects.toast('error', 'Error punching out: Not punched in today'));
    expect(within(region).getByRole('alert')).toHaveTextContent('Error punching out: Not punched in today');
    // The newer toast replaced the older one.
    expect(within(region).queryByRole('status')).not.toBeInTheDocument();
    act(() => effects.settle());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes the screen edge away from the focused control, keeps it while shown, and never takes the focus', () => {
    const { actor, effects, opener } = setup();
    const region = () => document.querySelector('.toast-region')!;
    const at = (top: number) => jest.spyOn(opener, 'getBoundingClientRect').mockReturnValue({ top, bottom: top + 44, height: 44 } as DOMRect);
    // A phone's 844 px: a Save button low on the screen sends the toast to the top edge.
    window.innerHeight = 844;
    at(700);
    opener.focus();
    act(() => effects.toast('success', 'Punch rule saved'));
    expect(region()).toHaveAttribute('data-edge', 'top');
    expect(opener).toHaveFocus();
    // It stays where it came in while it shows; the next toast works its edge out again.
    at(120);
    act(() => actor.send({ type: 'HOLD' }));
    expect(region()).toHaveAttribute('data-edge', 'top');
    act(() => effects.toast('error', 'Error deleting employee: Ravi Kumar (EMP0001) has approved payroll months'));
    expect(region()).toHaveAttribute('data-edge', 'bottom');
    expect(within(region() as HTMLElement).getByRole('alert')).toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('each toast has a Dismiss button; Escape on a focused toast dismisses it and the focus goes back', async () => {
    const { effects, user, opener } = setup();
    act(() => effects.toast('error', 'First error'));
    await user.click(screen.getByRole('button', { name: 'Dismiss notification: First error' }));
    expect(screen.queryByText('First error')).not.toBeInTheDocument();

    act(() => effects.toast('error', 'Second error'));
    opener.focus();
    // From the page, Tab reaches the toast (it follows the page in the DOM).
    await user.tab();
    const dismissSecond = screen.getByRole('button', { name: 'Dismiss notification: Second error' });
    expect(dismissSecond).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Second error')).not.toBeInTheDocument();
    // The last one gone, the focus is back where the keyboard came from.
    expect(opener).toHaveFocus();

    act(() => effects.toast('success', 'Saved'));
    opener.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss notification: Saved' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
