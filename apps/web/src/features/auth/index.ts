// Who is signed in (docs/product/data.md): the auth slice, Me and its query, the sign-in page of
// the entry chunk and sign-out. Its other pages are loaded by the router (app/themed-app.tsx).
export { authSlice, meLoaded } from './auth-slice';
export { meApi, useGetMeQuery } from './api/me-api';
export { ME_PATH } from './api/me-path';
export { LoginPage } from './components/login-page';
export { useSignOut } from './hooks/use-sign-out';
