/**
 * An RTK Query initiate() result as the promise of an XState `fromPromise` actor: when the actor
 * stops (its machine left the state, or the view unmounted), the request is aborted with it.
 */
export function cancellable<T>(request: { unwrap(): Promise<T>; abort(): void }, signal: AbortSignal): Promise<T> {
  signal.addEventListener('abort', () => request.abort());
  return request.unwrap();
}
