import { lazy as reactLazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageSpin } from '../components/page-spin';
import { loadAppCatalog } from '../lib/i18n';
import { lazyPage } from '../lib/lazy-page';
import { hasSession } from '../lib/session';
import { AppProviders } from './providers';
import {
  ALL_ROLES,
  APP_ROUTES,
  isRedirect,
  type AppRoute,
  type PageRoute,
  type ThemedPageKey,
} from './route-table';

/**
 * A page loaded as it is first opened, with every text of the app (lib/i18n.ts): the inbox and
 * the shell need only the shell's texts and load with lazyPage instead.
 */
const lazy: typeof reactLazy = (load) =>
  reactLazy(async () => {
    const [page] = await Promise.all([load(), loadAppCatalog()]);
    return page;
  });

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
const AuditLogSettingsPage = lazy(() =>
  import('../features/audit-log').then((m) => ({ default: m.AuditLogSettingsPage })),
);
const AutoAssignmentPage = lazy(() =>
  import('../features/availability/settings').then((m) => ({ default: m.AutoAssignmentPage })),
);
const AutomationPage = lazy(() =>
  import('../features/automation').then((m) => ({ default: m.AutomationPage })),
);
const SlaPoliciesPage = lazy(() =>
  import('../features/sla/settings').then((m) => ({ default: m.SlaPoliciesPage })),
);
const BusinessHoursPage = lazy(() =>
  import('../features/business-hours').then((m) => ({ default: m.BusinessHoursPage })),
);
const MacrosPage = lazy(() =>
  import('../features/macros/settings').then((m) => ({ default: m.MacrosPage })),
);
const ContactsPage = lazy(() =>
  import('../features/contacts').then((m) => ({ default: m.ContactsPage })),
);
const ContactPage = lazy(() =>
  import('../features/contacts').then((m) => ({ default: m.ContactPage })),
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
// The role guard reads Me from the shell's store: it comes with the shell, not the public pages.
const RequireRole = lazyPage(() => import('./require-role').then((m) => m.RequireRole));
const NotFound = lazy(() =>
  import('../components/not-found').then((m) => ({ default: m.NotFound })),
);

/** The component of every page the route table names (TypeScript wants one for each). */
const PAGES: Record<ThemedPageKey, ComponentType> = {
  signup: SignupPage,
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
  'invitation-confirm': InvitationConfirmPage,
  transcript: TranscriptPage,
  feedback: FeedbackPage,
  'widget-demo': WidgetDemoPage,
  'public-help-center': PublicHelpCenterPage,
  'public-help-article': PublicHelpArticlePage,
  'nps-form': NpsFormPage,
  inbox: InboxPage,
  reporting: ReportingPage,
  setup: SetupPage,
  'global-settings': GlobalSettingsPage,
  profile: ProfilePage,
  'change-password': ChangePasswordPage,
  'team-members': TeamMembersPage,
  teams: TeamsPage,
  'support-channels': SupportChannelsPage,
  'meta-connect': MetaConnectPage,
  'api-keys': ApiKeysPage,
  'audit-log': AuditLogSettingsPage,
  contacts: ContactsPage,
  contact: ContactPage,
  'auto-assignment': AutoAssignmentPage,
  automation: AutomationPage,
  'sla-policies': SlaPoliciesPage,
  'business-hours': BusinessHoursPage,
  macros: MacrosPage,
  'fast-replies': FastRepliesPage,
  'widget-settings': WidgetSettingsPage,
  tags: TagsPage,
  'feature-requests': FeatureRequestsPage,
  'help-center-settings': HelpCenterSettingsPage,
  'article-editor': ArticleEditorPage,
  'email-setup': EmailSetupPage,
  'dns-records': DnsRecordsPage,
  pricing: PricingPage,
};

/** The route guard: no auth_token cookie, no shell (its code is not even fetched). */
export function RequireSession({ children }: { children: ReactNode }) {
  return hasSession() ? children : <Navigate to="/login" replace />;
}

/**
 * The shell, for its pages and for unknown paths. Signed out, a shell page goes to /login and an
 * unknown path is a 404 of its own. One component for both, so the shell is not remounted when
 * the user goes from a page to an unknown path.
 */
function ShellGate({ unknownPath = false }: { unknownPath?: boolean }) {
  if (hasSession()) return <ShellRoute />;
  return unknownPath ? <NotFound standalone /> : <Navigate to="/login" replace />;
}

/** A redirect that keeps the query. */
function RedirectTo({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

function routeElement(route: AppRoute): ReactNode {
  if (isRedirect(route)) return <RedirectTo to={route.redirect} />;
  const Page = PAGES[(route as PageRoute).page as ThemedPageKey];
  let element: ReactNode = <Page />;
  if (route.roles.length < ALL_ROLES.length) {
    const home = route.area === 'settings' ? '/settings' : '/';
    // Named in the sentence in the active language by the guard itself (it comes with the shell).
    const name = (route as PageRoute).menu?.label ?? null;
    element = (
      <RequireRole roles={route.roles} page={name} home={home}>
        {element}
      </RequireRole>
    );
  }
  if (route.area === 'signed-in') element = <RequireSession>{element}</RequireSession>;
  return element;
}

const routesIn = (area: AppRoute['area']) => APP_ROUTES.filter((route) => route.area === area);

/**
 * Every route but /login (app-routes.tsx), from the route table (app/route-table.ts). Exported
 * for the test that proves the router serves exactly the table.
 */
export function themedRoutes(): ReactNode {
  const settings = APP_ROUTES.find((route) => route.path === '/settings')!;
  return (
    <>
      {/* Public pages: no session needed, no session headers sent; the survey page,
          signed in but outside the shell. */}
      {[...routesIn('public'), ...routesIn('signed-in')].map((route) => (
        <Route key={route.path} id={route.path} path={route.path} element={routeElement(route)} />
      ))}

      {/* The signed-in shell. */}
      <Route element={<ShellGate />}>
        {routesIn('shell')
          .filter((route) => route !== settings)
          .map((route) => (
            <Route
              key={route.path}
              id={route.path}
              path={route.path}
              element={routeElement(route)}
            />
          ))}
        <Route path="/settings" element={<SettingsLayout />}>
          <Route index id={settings.path} element={routeElement(settings)} />
          {routesIn('settings').map((route) => (
            <Route
              key={route.path}
              id={route.path}
              path={route.path}
              element={routeElement(route)}
            />
          ))}
          <Route
            path="/settings/*"
            id="not-found:settings"
            element={<NotFound home="/settings" />}
          />
        </Route>
      </Route>
      <Route element={<ShellGate unknownPath />}>
        <Route path="*" id="not-found" element={<NotFound />} />
      </Route>
    </>
  );
}

/** Every page but /login, under the antd theme. */
export function ThemedApp() {
  return (
    <AppProviders>
      <Suspense fallback={<PageSpin fullScreen />}>
        <Routes>{themedRoutes()}</Routes>
      </Suspense>
    </AppProviders>
  );
}
