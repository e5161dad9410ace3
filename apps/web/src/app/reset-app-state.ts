import { createAction } from '@reduxjs/toolkit';

export interface ResetAppStateOptions {
  /** Keep who is signed in (account switch); everything else goes back to its initial state. */
  keepAuth?: boolean;
}

/** docs/product/data.md: the whole store — persisted slices included — resets on this action. */
export const resetAppState = createAction(
  'reset-app-state',
  (options: ResetAppStateOptions = {}) => ({ payload: options }),
);
