import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Me } from '@parley/contracts';

/** Who is signed in. Kept across an account switch; never persisted (the cookies are the session). */
export interface AuthState {
  me: Me | null;
}

export const initialAuthState: AuthState = { me: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    meLoaded(state, action: PayloadAction<Me>) {
      state.me = action.payload;
    },
  },
});

export const { meLoaded } = authSlice.actions;
