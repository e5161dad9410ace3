import type { SetupChecklist, SetupChecklistItem } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { setupFacts } from './setup.queries';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The setup checklist of a workspace (/setup), each item computed from what the account holds:
 * - connect_channel: any support channel exists.
 * - install_widget: a store's widget is enabled and configured (saved, on a store with a Shopify
 *   domain), i.e. public_settings serves it as on. Nothing records yet that the widget was seen
 *   on a page, so "installed" cannot mean more than that.
 * - invite_team: someone besides the first member joined, or an invitation is pending.
 * - create_fast_replies: at least one fast reply.
 * - verify_sending_domain: an email channel exists and the domain of every one passed the DNS
 *   check of its SPF, DKIM and DMARC records (email setup, /settings/dnsrecords).
 */
export async function setupChecklist(deps: Deps, accountId: number): Promise<SetupChecklist> {
  const f = await setupFacts(deps.db, { accountId });
  const others = Math.max(0, f.members - 1);
  const items: SetupChecklistItem[] = [
    {
      key: 'connect_channel',
      done: f.channels > 0,
      detail: f.channels > 0 ? `${plural(f.channels, 'channel')} connected` : 'No channel yet',
    },
    {
      key: 'install_widget',
      done: f.liveWidgetStores.length > 0,
      detail:
        f.liveWidgetStores.length > 0
          ? `Live on ${f.liveWidgetStores.join(', ')}`
          : 'The widget is not switched on for any store',
    },
    {
      key: 'invite_team',
      done: others > 0 || f.pendingInvitations > 0,
      detail:
        others === 0 && f.pendingInvitations === 0
          ? 'Only you so far'
          : [
              others > 0 ? `${plural(others, 'teammate')} joined` : null,
              f.pendingInvitations > 0
                ? `${plural(f.pendingInvitations, 'invitation')} pending`
                : null,
            ]
              .filter(Boolean)
              .join(', '),
    },
    {
      key: 'create_fast_replies',
      done: f.fastReplies > 0,
      detail: f.fastReplies > 0 ? plural(f.fastReplies, 'fast reply', 'fast replies') : 'None yet',
    },
    {
      key: 'verify_sending_domain',
      done: f.emailChannels > 0 && f.verifiedEmailChannels === f.emailChannels,
      detail:
        f.emailChannels === 0
          ? 'No email channel to send from yet'
          : f.verifiedEmailChannels < f.emailChannels
            ? 'DMARC verification is required for your sending domain'
            : 'Your sending domain is verified',
    },
  ];
  return { items, completed: items.filter((i) => i.done).length, total: items.length };
}
