import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpin } from '../components/page-spin';
import { hasSession } from '../lib/session';
import { AppProviders } from './providers';

// Each page arrives in its own chunk when first visited.
const SignupPage = lazy(() =>
  import('../features/auth/components/signup-page').then((m) => ({ default: m.SignupPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/components/forgot-password-page').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/components/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const InvitationConfirmPage = lazy(() =>
  import('../features/team-members/components/invitation-confirm-page').then((m) => ({
    default: m.InvitationConfirmPage,
  })),
);
const SupportChannelsPage = lazy(() =>
  import('../features/channels/components/support-channels-page').then((m) => ({
    default: m.SupportChannelsPage,
  })),
);
const ApiKeysPage = lazy(() =>
  import('../features/channels/components/api-keys-page').then((m) => ({
    default: m.ApiKeysPage,
  })),
);
const ShellRoute = lazy(() => import('./shell-route').then((m) => ({ default: m.ShellRoute })));
const InboxPage = lazy(() =>
  import('../features/inbox/components/inbox-page').then((m) => ({ default: m.InboxPage })),
);
const ReportingPlaceholder = lazy(() =>
  import('./placeholder-pages').then((m) => ({ default: m.ReportingPlaceholder })),
);
const SetupPlaceholder = lazy(() =>
  import('./placeholder-pages').then((m) => ({ default: m.SetupPlaceholder })),
);
const SettingsLayout = lazy(() =>
  import('./settings-layout').then((m) => ({ default: m.SettingsLayout })),
);
const GlobalSettingsPage = lazy(() =>
  import('../features/global-settings/components/global-settings-page').then((m) => ({
    default: m.GlobalSettingsPage,
  })),
);
const ChangePasswordPage = lazy(() =>
  import('../features/auth/components/change-password-page').then((m) => ({
    default: m.ChangePasswordPage,
  })),
);
const TeamMembersPage = lazy(() =>
  import('../features/team-members/components/team-members-page').then((m) => ({
    default: m.TeamMembersPage,
  })),
);
const FastRepliesPage = lazy(() =>
  import('../features/fast-reply/components/fast-replies-page').then((m) => ({
    default: m.FastRepliesPage,
  })),
);
const NotFound = lazy(() =>
  import('../components/not-found').then((m) => ({ default: m.NotFound })),
);

/** The route guard: no auth_token cookie, no shell (its code is not even fetched). */
export function RequireSession({ children }: { children: ReactNode }) {
  return hasSession() ? children : <Navigate to="/login" replace />;
}

/** Every page but /login, under the antd theme. */
export function ThemedApp() {
  return (
    <AppProviders>
      <Suspense fallback={<PageSpin fullScreen />}>
        <Routes>
          {/* Public pages (spec §2): no session needed, no session headers sent. */}
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/login/forgotpassword" element={<ForgotPasswordPage />} />
          <Route path="/login/resetpassword" element={<ResetPasswordPage />} />
          <Route
            path="/settings/teammembers/invite/confirm/:token"
            element={<InvitationConfirmPage />}
          />

          {/* The logged-in shell. */}
          <Route
            path="/"
            element={
              <RequireSession>
                <ShellRoute />
              </RequireSession>
            }
          >
            <Route index element={<Navigate to="/inboxes" replace />} />
            <Route path="inboxes/*" element={<InboxPage />} />
            <Route path="reporting" element={<ReportingPlaceholder />} />
            <Route path="setup" element={<SetupPlaceholder />} />
            <Route path="settings" element={<SettingsLayout />}>
              <Route index element={<Navigate to="/settings/global" replace />} />
              <Route path="global" element={<GlobalSettingsPage />} />
              <Route path="profile/changepassword" element={<ChangePasswordPage />} />
              <Route path="teammembers" element={<TeamMembersPage />} />
              <Route path="supportchannels" element={<SupportChannelsPage />} />
              <Route path="apikeys" element={<ApiKeysPage />} />
              <Route path="fastreplies" element={<FastRepliesPage />} />
              <Route path="*" element={<NotFound home="/settings" />} />
            </Route>
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </AppProviders>
  );
}
