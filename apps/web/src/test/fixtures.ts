import Cookies from 'js-cookie';
import { WEB_CONFIG_ELEMENT_ID, type Me } from '@parley/contracts';

export function signInCookies(
  values = { auth_token: 'tok_abcdefghijklmnop', account_id: '7', csrftoken: 'csrf123' },
) {
  for (const [name, value] of Object.entries(values)) Cookies.set(name, value, { path: '/' });
}

/** The block the server writes into index.html (apps/server/src/plugins/web-app.ts). */
export function serveConfig(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = WEB_CONFIG_ELEMENT_ID;
  block.textContent = text;
  document.head.append(block);
}

export const ME: Me = {
  id: 1,
  name: 'Erin Example',
  email: 'erin@example.com',
  avatar: null,
  profile_color: '#7c3aed',
  initials: 'EE',
  permission_level: 'owner',
  is_notification_sound_enabled: true,
  notification_sound: null,
  locale: null,
  theme: 'system',
  unread_notification_count: 0,
  account_created_at: '2026-01-01T00:00:00.000Z',
  last_password_updated: '2026-01-01T00:00:00.000Z',
  dmarc_verification_required: false,
  payment_failure_triggered_at: null,
  payment_action_required_triggered_at: null,
  billing: {
    is_subscription_active: false,
    is_trial_active: true,
    trial_end_date: null,
    suppress_billing: false,
  },
  nps_collection: {
    milestone_id: null,
    milestone_completed: false,
    show_nps_milestone: false,
    show_milestone_float_button: false,
  },
  account: { id: 7, name: 'Acme Support' },
};
