import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { REALTIME_EVENTS, reauthAlertChannel } from '@parley/contracts';
import { MountOnOpen } from '../../components/mount-on-open';
import { lazyPage, type LazyPage } from '../../lib/lazy-page';
import { currentAccountId, hasSession } from '../../lib/session';
import { useGetMeQuery } from '../auth';
import { useChannelEvent } from '../realtime';
import { useBannerClosedOn } from './banners/banner-closed-on';
import { HelpWidget } from './help-widget/help-widget';
import { usePaymentModalDismissal } from './modals/payment-modal-dismissal';
import { FeedbackButton } from './nps/feedback-button';
import { SHELL_ROUTES } from './shell-config';
import { ShellModalsContext, type MenuModal } from './shell-modals-context';
import {
  daysSince,
  passwordReminderDue,
  paymentModalDue,
  paymentModalStamp,
  showsFeedbackButton,
  showsHelpWidget,
} from './shell-rules';
import { useNow } from './use-now';

// The modals load when they first open (MountOnOpen): most visits open none of them, and the
// inbox route has a JS budget (docs/benchmarks.md).
/** The modals opened from a menu (useShellModals), each with the same props. */
const MENU_MODALS: Record<MenuModal, LazyPage<{ open: boolean; onClose: () => void }>> = {
  'mobile-apps': lazyPage(() =>
    import('./modals/mobile-apps-modal').then((m) => m.MobileAppsModal),
  ),
  'release-notes': lazyPage(() =>
    import('./modals/release-notes-modal').then((m) => m.ReleaseNotesModal),
  ),
  'support-email': lazyPage(() =>
    import('./modals/support-email-modal').then((m) => m.SupportEmailModal),
  ),
  'schedule-demo': lazyPage(() =>
    import('./modals/schedule-demo-modal').then((m) => m.ScheduleDemoModal),
  ),
};
const ReauthFacebookModal = lazyPage(() =>
  import('./modals/reauth-facebook-modal').then((m) => m.ReauthFacebookModal),
);
const PaymentFailureModal = lazyPage(() =>
  import('./modals/payment-failure-modal').then((m) => m.PaymentFailureModal),
);
const DmarcModal = lazyPage(() => import('./modals/dmarc-modal').then((m) => m.DmarcModal));
const PasswordReminderModal = lazyPage(() =>
  import('./modals/password-reminder-modal').then((m) => m.PasswordReminderModal),
);
const FeedbackSurveyModal = lazyPage(() =>
  import('./nps/feedback-survey-modal').then((m) => m.FeedbackSurveyModal),
);

/** docs/product/states.md, docs/product/api.md: true once `re-authentication-alert-for-ctwa` arrived for the current account. */
function useReauthAlert(): [boolean, () => void] {
  const [alerted, setAlerted] = useState(false);
  const accountId = currentAccountId();
  useChannelEvent(
    accountId === null ? null : reauthAlertChannel(accountId),
    REALTIME_EVENTS.reauthAlert,
    () => setAlerted(true),
  );
  return [alerted, useCallback(() => setAlerted(false), [])];
}

/** Bottom offsets of the floating buttons, stacked at the bottom right. */
const FLOAT_BOTTOM = 24;
const FLOAT_STEP = 64;

/**
 * The logged-in shell's overlays (docs/product/screens.md, docs/product/states.md): the modals opened from menus (through
 * useShellModals), the modals the user's state or a realtime event opens, the feedback survey
 * with its floating button and `popup` query flag, and the help widget.
 */
export function ShellProvider({ children }: { children: ReactNode }) {
  const { pathname, search, key } = useLocation();
  const navigate = useNavigate();
  const { data: me, refetch } = useGetMeQuery(undefined, { skip: !hasSession() });
  const [closedOn] = useBannerClosedOn();
  const [menuModal, setMenuModal] = useState<MenuModal | null>(null);
  const [passwordDismissed, setPasswordDismissed] = useState(false);
  const [reauthOpen, closeReauth] = useReauthAlert();
  // Opened by the floating button (or kept open to thank the user after a popup survey).
  const [surveyOpen, setSurveyOpen] = useState(false);
  // docs/product/screens.md: the `popup` query parameter opens the survey by itself (once per visit to the URL).
  const [popupClosedAt, setPopupClosedAt] = useState<string | null>(null);
  const popupOpen = new URLSearchParams(search).has('popup') && popupClosedAt !== key;

  const modals = useMemo(() => ({ open: (modal: MenuModal) => setMenuModal(modal) }), []);
  const closeMenuModal = useCallback(() => setMenuModal(null), []);

  // docs/product/screens.md: a survey opened by the popup flag sends the user home when closed or submitted.
  const closeSurvey = useCallback(() => {
    setSurveyOpen(false);
    if (!popupOpen) return;
    setPopupClosedAt(key);
    navigate(SHELL_ROUTES.home);
  }, [popupOpen, key, navigate]);
  const surveySubmitted = useCallback(() => {
    if (!popupOpen) return;
    setSurveyOpen(true);
    setPopupClosedAt(key);
    navigate(SHELL_ROUTES.home);
  }, [popupOpen, key, navigate]);

  const now = useNow();
  const helpWidgetShown = showsHelpWidget(pathname);
  const nps = me?.nps_collection;
  const [paymentDismissed, dismissPayment] = usePaymentModalDismissal(
    me ? paymentModalStamp(me) : '',
  );
  const paymentOpen =
    me !== undefined && !paymentDismissed && paymentModalDue(me, now, closedOn, pathname);
  const passwordReminderOpen =
    me !== undefined && !passwordDismissed && passwordReminderDue(me, now, pathname);

  return (
    <ShellModalsContext value={modals}>
      {children}
      {Object.entries(MENU_MODALS).map(([name, Modal]) => (
        <MountOnOpen key={name} open={menuModal === name}>
          <Modal open={menuModal === name} onClose={closeMenuModal} />
        </MountOnOpen>
      ))}
      <MountOnOpen open={reauthOpen}>
        <ReauthFacebookModal open={reauthOpen} onClose={closeReauth} />
      </MountOnOpen>
      {me && (
        <>
          <MountOnOpen open={paymentOpen}>
            <PaymentFailureModal open={paymentOpen} onClose={dismissPayment} />
          </MountOnOpen>
          <MountOnOpen open={me.dmarc_verification_required}>
            <DmarcModal open={me.dmarc_verification_required} />
          </MountOnOpen>
          <MountOnOpen open={passwordReminderOpen}>
            <PasswordReminderModal
              open={passwordReminderOpen}
              passwordAgeDays={daysSince(me.last_password_updated, now)}
              onClose={() => setPasswordDismissed(true)}
            />
          </MountOnOpen>
          <MountOnOpen open={surveyOpen || popupOpen}>
            <FeedbackSurveyModal
              open={surveyOpen || popupOpen}
              milestoneId={me.nps_collection.milestone_id}
              fromMeApi={me.nps_collection.show_nps_milestone}
              onClose={closeSurvey}
              onSubmitted={surveySubmitted}
            />
          </MountOnOpen>
        </>
      )}
      {/* docs/product/screens.md: the help widget sits lowest; the feedback button stacks above it. */}
      {helpWidgetShown && <HelpWidget me={me} bottom={FLOAT_BOTTOM} />}
      {nps?.show_milestone_float_button && showsFeedbackButton(pathname) && (
        <FeedbackButton
          bottom={helpWidgetShown ? FLOAT_BOTTOM + FLOAT_STEP : FLOAT_BOTTOM}
          onClick={() => {
            // docs/product/api.md: Me is asked again when the feedback button is clicked.
            void refetch();
            setSurveyOpen(true);
          }}
        />
      )}
    </ShellModalsContext>
  );
}
