/**
 * An RTK Query mutation as the call of an XState flow. The mutation is dispatched like any other
 * (its pending / fulfilled / rejected actions reach the store, and Redux DevTools), with
 * `track: false`, so no cache entry outlives the flow (and a sign-in's password is not kept in the
 * state). When the actor stops (its machine left the state, or the view unmounted), the request is
 * aborted with it.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { fromPromise, type PromiseActorLogic } from 'xstate';
import type { AppDispatch } from '../app/store';

/** What initiate() hands back: the request in flight. */
interface StartedMutation<Result> {
  unwrap(): Promise<Result>;
  abort(): void;
}

/** An RTK Query mutation endpoint (`someApi.endpoints.name`). */
export interface MutationEndpoint<Arg, Result> {
  initiate(arg: Arg, options: { track: boolean }): ThunkAction<StartedMutation<Result>, never, never, UnknownAction>;
}

/** The mutation as a plain call: the promise of its answer (or its error), aborted with `signal`. */
export function mutationCall<Arg, Result>(endpoint: MutationEndpoint<Arg, Result>, dispatch: AppDispatch) {
  return (arg: Arg, signal: AbortSignal): Promise<Result> => {
    const request = dispatch(endpoint.initiate(arg, { track: false }) as ThunkAction<StartedMutation<Result>, unknown, unknown, UnknownAction>);
    signal.addEventListener('abort', () => request.abort());
    return request.unwrap();
  };
}

/**
 * The mutation as a promise actor for a machine's `.provide({ actors })`; `toArg` turns the
 * machine's input into the endpoint's argument when the two differ. The actor's output is what the
 * machine declares (inferred from where it is provided), which the endpoint's answer must satisfy.
 */
export function fromMutation<Output, Arg, Result extends Output, Input = Arg>(
  endpoint: MutationEndpoint<Arg, Result>,
  dispatch: AppDispatch,
  toArg: (input: Input) => Arg = (input) => input as unknown as Arg,
): PromiseActorLogic<Output, Input> {
  const call = mutationCall(endpoint, dispatch);
  return fromPromise<Output, Input>(({ input, signal }) => call(toArg(input), signal));
}
