import type { Deps } from '../lib/deps';
import type { AgentContext } from '../lib/http-types';

export interface ChannelAuthContext {
  deps: Deps;
  /** The caller, with the account named by x-dc-account-id (a checked membership). */
  agent: AgentContext;
  channel: string;
  socketId: string;
}

/**
 * Who may listen to a private or presence channel. Modules add their own, e.g. conversations:
 *   app.realtime.channelRules.add({ name: 'conversation-presence',
 *     pattern: /^presence-conversation-([1-9]\d{0,9})$/,
 *     authorize: ({ deps, agent }, m) => canSeeConversation(deps.db, agent, Number(m[1])) });
 */
export interface ChannelRule {
  /** Shown in logs. */
  name: string;
  /** Anchored (^…$) and matched against the whole channel name; its groups reach `authorize`. */
  pattern: RegExp;
  authorize(ctx: ChannelAuthContext, match: RegExpExecArray): boolean | Promise<boolean>;
}

/** The rules, first match decides; a channel no rule matches is refused (403 forbidden). */
export class ChannelRules {
  private readonly rules: ChannelRule[] = [];

  add(rule: ChannelRule): this {
    const { source, flags } = rule.pattern;
    // An unanchored pattern would let `private-dcuser-1-panel0-x` borrow user 1's rule.
    if (!source.startsWith('^') || !source.endsWith('$') || /[gy]/.test(flags)) {
      throw new Error(`Channel rule ${rule.name}: the pattern must be anchored ^…$, without g/y`);
    }
    this.rules.push(rule);
    return this;
  }

  /** The name of the rule that allowed the channel, or null when refused. */
  async authorize(ctx: ChannelAuthContext): Promise<string | null> {
    for (const rule of this.rules) {
      const match = rule.pattern.exec(ctx.channel);
      if (!match) continue;
      return (await rule.authorize(ctx, match)) === true ? rule.name : null;
    }
    return null;
  }
}

const ID = '([1-9]\\d{0,9})';
const idOf = (match: RegExpExecArray) => Number(match[1]);

/** The realtime channels of docs/product/api.md. */
export const BUILT_IN_CHANNEL_RULES: ChannelRule[] = [
  {
    name: 'dcuser-panel',
    pattern: new RegExp(`^private-dcuser-${ID}-panel0$`),
    authorize: ({ agent }, m) => idOf(m) === agent.userId,
  },
  {
    name: 'account-global-settings',
    pattern: new RegExp(`^private-account-${ID}-global-settings$`),
    authorize: ({ agent }, m) => idOf(m) === agent.accountId,
  },
  {
    name: 're-authentication-alert',
    pattern: new RegExp(`^private-re-authentication-alert-${ID}$`),
    authorize: ({ agent }, m) => idOf(m) === agent.accountId,
  },
];
