/**
 * The app's in-app feedback as a journey meets it: toasts in the 'Notifications'
 * stack (role="status" for a success, role="alert" for an error) and the alertdialog a question
 * opens. The browser's own dialogs are never expected: the harness fails a journey that sees one.
 */
import type { Locator, Page } from 'playwright-core';

const stack = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** The toast reading exactly `text`, with its tone's role; waits until it shows. */
export async function expectToast(page: Page, text: string, tone: 'success' | 'error' = 'success'): Promise<Locator> {
  const toast = stack(page)
    .getByRole(tone === 'error' ? 'alert' : 'status')
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  await toast.waitFor();
  return toast;
}

/** The error toasts on screen now (none expected on a happy path). */
export async function errorToasts(page: Page): Promise<string[]> {
  if ((await stack(page).count()) === 0) return [];
  return stack(page).getByRole('alert').allTextContents();
}

/** The open in-app dialog named `title`, once it shows. */
export async function openDialog(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.waitFor();
  return dialog;
}
