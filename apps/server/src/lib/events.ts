import { EventEmitter } from 'node:events';
import type { ChannelType, GlobalSettings, SlaMetric } from '@parley/contracts';

/**
 * Typed domain events, emitted by services after their transaction commits. The realtime
 * gateway maps them to Pusher channels (docs/ARCHITECTURE.md); nothing else needs to know who listens.
 */
export interface DomainEvents {
  global_settings_updated: { accountId: number; settings: GlobalSettings };
  password_changed: { userId: number };
  /**
   * A user's access changed: the sessions `tokenIds` ended (sign-out, password change or reset),
   * or, without them, a membership or role changed. Realtime closes the affected sockets at once,
   * on every instance, so each one has to authorise its channels again (docs/security.md).
   */
  access_revoked: {
    userId: number;
    tokenIds?: number[];
    /** A password change: the asking session goes on as a new one, and keeps its sockets. */
    renewed?: { from: number; to: number };
  };
  /** A conversation's list fields changed (status, assignee, tags, last activity...). */
  conversation_updated: {
    accountId: number;
    conversationId: number;
    /**
     * What the change touched, when the emitter knows (automation rules' triggers): an agent's,
     * auto-assignment's, or a snoozed conversation waking up;
     * `sla`: only the row's SLA clock changed (docs/product/sla.md), which triggers nothing.
     */
    changes?: readonly ('status' | 'priority' | 'tags' | 'assignee' | 'sla')[];
    /**
     * The change is this automation rule's own, made after its run: a conversation its
     * `auto_assign` queued, handed out later. The loop guard treats it as a rule's change.
     */
    byRuleId?: number;
  };
  /**
   * An SLA clock reached its warning time (`sla_warning`) or passed its due time
   * (`sla_breached`): emitted once across instances, by whichever claimed the clock
   * (docs/product/sla.md). `dueAt` is an ISO time.
   */
  sla_warning: { accountId: number; conversationId: number; metric: SlaMetric; dueAt: string };
  sla_breached: { accountId: number; conversationId: number; metric: SlaMetric; dueAt: string };
  /**
   * A conversation was handed to `assigneeId`: by `actorUserId`, or by a rule or auto-assignment
   * (null). Notifications tell the assignee unless they did it themselves.
   */
  conversation_assigned: {
    accountId: number;
    conversationId: number;
    assigneeId: number;
    actorUserId: number | null;
    /** The activity line the assignment wrote, when there is one. */
    messageId?: number;
  };
  /** A message was stored; `isPrivate` for notes, which never reach a customer's channel. */
  message_created: {
    accountId: number;
    conversationId: number;
    messageId: number;
    isPrivate: boolean;
    /** False when the emitter knows the message has no files (realtime skips looking for them). */
    hasAttachments?: boolean;
  };
  /** A message's delivery status changed (queued → sent → delivered / failed). */
  message_updated: { accountId: number; conversationId: number; messageId: number };
  /** A support channel lost its authorisation (e.g. Facebook / CTWA); agents are asked to reconnect. */
  channel_reauth_required: {
    accountId: number;
    supportChannelId: number | null;
    channelType: ChannelType | null;
  };
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(
    name: K,
    listener: (payload: DomainEvents[K]) => void,
  ): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
