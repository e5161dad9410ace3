import type { AuthResponse, LoginBody, SignupBody } from '@parley/contracts';
import { http } from '../../../lib/request';

type Ok = { ok: true };

/** The auth calls (docs/ARCHITECTURE.md). Public ones go out without session headers. */
export const authApi = {
  login: (body: LoginBody) =>
    http.post<AuthResponse>('/dashboardapi/auth/login', body, { auth: false }),
  signup: (body: SignupBody) =>
    http.post<AuthResponse>('/dashboardapi/auth/signup', body, { auth: false }),
  forgotPassword: (email: string) =>
    http.post<Ok>('/dashboardapi/auth/password/forgot', { email }, { auth: false }),
  resetPassword: (token: string, password: string) =>
    http.post<Ok>('/dashboardapi/auth/password/reset', { token, password }, { auth: false }),
  logout: () => http.post<Ok>('/dashboardapi/auth/logout'),
  changePassword: (current_password: string, new_password: string) =>
    http.post<AuthResponse>('/dashboardapi/auth/password/change', {
      current_password,
      new_password,
    }),
};
