/**
 * A list read from the server, shown in the state it is in: why it failed, that it is loading, that
 * it is empty, or the list itself (`children`). The admins' and devices' lists.
 */
import type { ReactNode } from 'react';
import { errorMessage } from '../api/error-message';
import { Banner } from './banner';

export function QueryList<T>({
  query: { data, error, isLoading },
  words,
  children,
}: {
  query: { data?: T[]; error?: unknown; isLoading: boolean };
  words: { loadFailed: string; loading: string; empty: string };
  children: (rows: T[]) => ReactNode;
}) {
  if (error) return <Banner tone="error">{errorMessage(error, words.loadFailed)}</Banner>;
  if (isLoading || !data) return <p role="status">{words.loading}</p>;
  if (data.length === 0) return <p>{words.empty}</p>;
  return children(data);
}
