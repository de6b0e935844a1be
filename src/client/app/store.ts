/** The Redux store: RTK Query owns all server data, so the api slice is the whole state. */
import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api, type ApiExtra } from '../api/base-api';

/** Builds a store; `extra` is how the API reaches the session machine without importing it. */
export function makeStore(extra: ApiExtra) {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
  // Refetch on focus/reconnect only where an endpoint opts in; the listeners are cheap.
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
