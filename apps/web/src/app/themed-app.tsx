import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpin } from '../components/page-spin';
import { lazyPage } from '../lib/lazy-page';
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
const MetaConnectPage = lazy(() =>
  import('../features/channels/components/meta-connect-page').then((m) => ({
    default: m.MetaConnectPage,
  })),
);
const ApiKeysPage = lazy(() =>
  import('../features/channels/components/api-keys-page').then((m) => ({
    default: m.ApiKeysPage,
  })),
);
const ShellRoute = lazyPage(() => import('./shell-route').then((m) => m.ShellRoute));
const InboxPage = lazyPage(() =>
  import('../features/inbox/components/inbox-page').then((m) => m.InboxPage),
);

/** Loads the shell (and the inbox page) before their first render (app/route-preload.ts). */
export function preloadShellPages(withInbox: boolean): Promise<unknown> {
  return Promise.all([ShellRoute.preload(), withInbox ? InboxPage.preload() : null]);
}
const ReportingPage = lazy(() =>
  import('../features/reports/components/reporting-page').then((m) => ({
    default: m.ReportingPage,
  })),
);
const SetupPage = lazy(() =>
  import('../features/setup/components/setup-page').then((m) => ({ default: m.SetupPage })),
);
const WidgetSettingsPage = lazy(() =>
  import('../features/widget-settings/components/widget-settings-page').then((m) => ({
    default: m.WidgetSettingsPage,
  })),
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
const ProfilePage = lazy(() =>
  import('../features/profile/components/profile-page').then((m) => ({
    default: m.ProfilePage,
  })),
);
const TeamsPage = lazy(() =>
  import('../features/teams/components/teams-page').then((m) => ({ default: m.TeamsPage })),
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
const TagsPage = lazy(() =>
  import('../features/tags/components/tags-page').then((m) => ({ default: m.TagsPage })),
);
const FeatureRequestsPage = lazy(() =>
  import('../features/feature-requests/components/feature-requests-page').then((m) => ({
    default: m.FeatureRequestsPage,
  })),
);
const EmailSetupPage = lazy(() =>
  import('../features/email-setup/components/email-setup-page').then((m) => ({
    default: m.EmailSetupPage,
  })),
);
const DnsRecordsPage = lazy(() =>
  import('../features/email-setup/components/dns-records-page').then((m) => ({
    default: m.DnsRecordsPage,
  })),
);
const PricingPage = lazy(() =>
  import('../features/billing/components/pricing-page').then((m) => ({
    default: m.PricingPage,
  })),
);
const NpsFormPage = lazy(() =>
  import('../features/shell/nps/nps-form-page').then((m) => ({ default: m.NpsFormPage })),
);
const HelpCenterSettingsPage = lazy(() =>
  import('../features/help-center/components/help-center-settings-page').then((m) => ({
    default: m.HelpCenterSettingsPage,
  })),
);
const ArticleEditorPage = lazy(() =>
  import('../features/help-center/components/article-editor-page').then((m) => ({
    default: m.ArticleEditorPage,
  })),
);
const PublicHelpCenterPage = lazy(() =>
  import('../features/help-center/components/public-help-center-page').then((m) => ({
    default: m.PublicHelpCenterPage,
  })),
);
const PublicHelpArticlePage = lazy(() =>
  import('../features/help-center/components/public-help-center-page').then((m) => ({
    default: m.PublicHelpArticlePage,
  })),
);
const TranscriptPage = lazy(() =>
  import('../features/public-conversation/components/transcript-page').then((m) => ({
    default: m.TranscriptPage,
  })),
);
const FeedbackPage = lazy(() =>
  import('../features/public-conversation/components/feedback-page').then((m) => ({
    default: m.FeedbackPage,
  })),
);
const WidgetDemoPage = lazy(() =>
  import('../features/widget-demo/widget-demo-page').then((m) => ({ default: m.WidgetDemoPage })),
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
          {/* The public help center (spec §2 /help-center/helpcenter, or an account id). */}
          <Route path="/help-center/:center" element={<PublicHelpCenterPage />} />
          <Route path="/help-center/:center/articles/:slug" element={<PublicHelpArticlePage />} />
          {/* Spec §2: the widget on a demonstration store page, outside the shell (no realtime). */}
          <Route path="/widget-demo" element={<WidgetDemoPage />} />
          <Route path="/login/forgotpassword" element={<ForgotPasswordPage />} />
          <Route path="/login/resetpassword" element={<ResetPasswordPage />} />
          <Route
            path="/settings/teammembers/invite/confirm/:token"
            element={<InvitationConfirmPage />}
          />
          {/* A customer's conversation by a signed link (spec §2 /transcript, /feedback CSAT). */}
          <Route path="/transcript" element={<TranscriptPage />} />
          <Route path="/feedback" element={<FeedbackPage />} />

          {/* Spec §2: the survey as a page of its own, signed in but outside the shell. */}
          <Route
            path="/nps-form"
            element={
              <RequireSession>
                <NpsFormPage />
              </RequireSession>
            }
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
            <Route path="reporting" element={<ReportingPage />} />
            <Route path="setup" element={<SetupPage />} />
            <Route path="settings" element={<SettingsLayout />}>
              <Route index element={<Navigate to="/settings/global" replace />} />
              <Route path="global" element={<GlobalSettingsPage />} />
              <Route path="profile" element={<ProfilePage />} />
              <Route path="profile/changepassword" element={<ChangePasswordPage />} />
              <Route path="teammembers" element={<TeamMembersPage />} />
              <Route path="teams" element={<TeamsPage />} />
              <Route path="supportchannels" element={<SupportChannelsPage />} />
              <Route path="supportchannels/addchannel/fb" element={<MetaConnectPage />} />
              <Route path="apikeys" element={<ApiKeysPage />} />
              <Route path="fastreplies" element={<FastRepliesPage />} />
              <Route path="widgets" element={<WidgetSettingsPage />} />
              <Route path="widgets/shopify/edit" element={<WidgetSettingsPage />} />
              <Route path="tags" element={<TagsPage />} />
              <Route path="feature-requests" element={<FeatureRequestsPage />} />
              <Route path="help-center-articles" element={<HelpCenterSettingsPage />} />
              <Route path="help-center-articles/new" element={<ArticleEditorPage />} />
              <Route path="help-center-articles/:articleId" element={<ArticleEditorPage />} />
              <Route path="emailsetup" element={<EmailSetupPage />} />
              <Route path="dnsrecords" element={<DnsRecordsPage />} />
              <Route path="pricing" element={<PricingPage />} />
              <Route path="*" element={<NotFound home="/settings" />} />
            </Route>
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </AppProviders>
  );
}
