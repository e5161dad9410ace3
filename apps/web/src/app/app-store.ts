import { makeStore } from './store';

/**
 * The app's one store. It is created when the logged-in shell loads (not on the public pages,
 * which keep the login route small); the shell then lets session ends reset it.
 */
export const { store } = makeStore();
