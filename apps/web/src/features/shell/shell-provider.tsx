import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hasSession } from '../../lib/session';
import { useGetMeQuery } from '../auth/api/me-api';
import { useBannerClosedOn } from './banners/banner-closed-on';
import { HelpWidget } from './help-widget/help-widget';
import { DmarcModal } from './modals/dmarc-modal';
import { MobileAppsModal } from './modals/mobile-apps-modal';
import { PasswordReminderModal } from './modals/password-reminder-modal';
import { PaymentFailureModal } from './modals/payment-failure-modal';
import { ReauthFacebookModal } from './modals/reauth-facebook-modal';
import { ReleaseNotesModal } from './modals/release-notes-modal';
import { ScheduleDemoModal } from './modals/schedule-demo-modal';
import { SupportEmailModal } from './modals/support-email-modal';
import { FeedbackButton } from './nps/feedback-button';
import { FeedbackSurveyModal } from './nps/feedback-survey-modal';
import { SHELL_ROUTES } from './shell-config';
import { ShellModalsContext, type MenuModal } from './shell-modals-context';
import {
  daysSince,
  passwordReminderDue,
  paymentModalDue,
  showsFeedbackButton,
  showsHelpWidget,
} from './shell-rules';
import { useNow } from './use-now';

/** Bottom offsets of the floating buttons, stacked at the bottom right. */
const FLOAT_BOTTOM = 24;
const FLOAT_STEP = 64;

/**
 * The logged-in shell's overlays (spec §2, §4): the modals opened from menus (through
 * useShellModals), the modals the user's state or a realtime event opens, the feedback survey
 * with its floating button and `popup` query flag, and the help widget.
 */
export function ShellProvider({ children }: { children: ReactNode }) {
  const { pathname, search, key } = useLocation();
  const navigate = useNavigate();
  const { data: me, refetch } = useGetMeQuery(undefined, { skip: !hasSession() });
  const [closedOn] = useBannerClosedOn();
  const [menuModal, setMenuModal] = useState<MenuModal | null>(null);
  const [paymentDismissed, setPaymentDismissed] = useState(false);
  const [passwordDismissed, setPasswordDismissed] = useState(false);
  // Opened by the floating button (or kept open to thank the user after a popup survey).
  const [surveyOpen, setSurveyOpen] = useState(false);
  // Spec §2: the `popup` query parameter opens the survey by itself (once per visit to the URL).
  const [popupClosedAt, setPopupClosedAt] = useState<string | null>(null);
  const popupOpen = new URLSearchParams(search).has('popup') && popupClosedAt !== key;

  const modals = useMemo(() => ({ open: (modal: MenuModal) => setMenuModal(modal) }), []);
  const closeMenuModal = useCallback(() => setMenuModal(null), []);

  // Spec §2: a survey opened by the popup flag sends the user home when closed or submitted.
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

  return (
    <ShellModalsContext value={modals}>
      {children}
      <MobileAppsModal open={menuModal === 'mobile-apps'} onClose={closeMenuModal} />
      <ReleaseNotesModal open={menuModal === 'release-notes'} onClose={closeMenuModal} />
      <SupportEmailModal open={menuModal === 'support-email'} onClose={closeMenuModal} />
      <ScheduleDemoModal open={menuModal === 'schedule-demo'} onClose={closeMenuModal} />
      <ReauthFacebookModal />
      {me && (
        <>
          <PaymentFailureModal
            open={!paymentDismissed && paymentModalDue(me, now, closedOn)}
            onClose={() => setPaymentDismissed(true)}
          />
          <DmarcModal open={me.dmarc_verification_required} />
          <PasswordReminderModal
            open={!passwordDismissed && passwordReminderDue(me, now, pathname)}
            passwordAgeDays={daysSince(me.last_password_updated, now)}
            onClose={() => setPasswordDismissed(true)}
          />
          <FeedbackSurveyModal
            open={surveyOpen || popupOpen}
            milestoneId={me.nps_collection.milestone_id}
            fromMeApi={me.nps_collection.show_nps_milestone}
            onClose={closeSurvey}
            onSubmitted={surveySubmitted}
          />
        </>
      )}
      {/* Spec §2: the help widget sits lowest; the feedback button stacks above it. */}
      {helpWidgetShown && <HelpWidget me={me} bottom={FLOAT_BOTTOM} />}
      {nps?.show_milestone_float_button && showsFeedbackButton(pathname) && (
        <FeedbackButton
          bottom={helpWidgetShown ? FLOAT_BOTTOM + FLOAT_STEP : FLOAT_BOTTOM}
          onClick={() => {
            // Spec §7: Me is asked again when the feedback button is clicked.
            void refetch();
            setSurveyOpen(true);
          }}
        />
      )}
    </ShellModalsContext>
  );
}
