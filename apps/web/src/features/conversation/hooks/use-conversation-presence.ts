import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import type { PresenceChannel } from 'pusher-js';
import {
  REALTIME_EVENTS,
  conversationPresenceChannel,
  type ClientEventName,
  type ClientEventPayloads,
  type PresenceUserInfo,
  type RealtimeEventPayloads,
} from '@parley/contracts';
import { useRealtime } from '../../realtime';

/** Someone else with the conversation open. */
export interface Colleague {
  id: string;
  name: string;
  initials: string;
  profile_color: string;
  typing: boolean;
}

/** After this long without a keystroke, we tell the others we stopped typing. */
export const TYPING_IDLE_MS = 3000;
/** While typing goes on, "still typing" is repeated this often (never faster: rate limits). */
export const TYPING_REFRESH_MS = 5000;
/** A colleague's "typing" that was never followed by "stopped" (a lost tab) expires after this. */
export const TYPING_STALE_MS = 8000;
/**
 * The live-chat visitor's "typing" without a later update is dropped after this (the widget
 * says "stopped" after 3 s of quiet; a closed tab says nothing).
 */
export const VISITOR_TYPING_STALE_MS = 6000;

interface MemberState extends PresenceUserInfo {
  viewing: boolean;
  typing: boolean;
}

interface PresenceMember {
  id: string | number;
  info?: Partial<PresenceUserInfo>;
}

function toMemberState(info: Partial<PresenceUserInfo> | undefined): MemberState {
  return {
    name: info?.name ?? t`A teammate`,
    initials: info?.initials ?? '?',
    // theme-ignore-next-line: a teammate's own profile colour (data); grey when it is unknown.
    profile_color: info?.profile_color ?? '#8c8c8c',
    viewing: true,
    typing: false,
  };
}

/**
 * Who else has this conversation open, and who is typing (spec: collision notice). Subscribes
 * `presence-conversation-{id}` while mounted, says `client-viewing` on open (and when the tab is
 * hidden or shown), and gives the composer `typing()` / `stopTyping()`, which send `client-typing`
 * at most once per change (plus a refresh every few seconds). Unsubscribes on close. Also
 * tells whether the live-chat visitor is typing (server event `visitor_typing` on that channel).
 */
export function useConversationPresence(conversationId: number) {
  const client = useRealtime();
  const [members, setMembers] = useState<Record<string, MemberState>>({});
  const [visitorTyping, setVisitorTyping] = useState(false);
  const channelRef = useRef<PresenceChannel | null>(null);
  const readyRef = useRef(false);
  const typingRef = useRef({ active: false, sentAt: 0 });
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** False when not sent: the server refuses client events before the subscription succeeded. */
  const send = useCallback(
    <E extends ClientEventName>(event: E, data: ClientEventPayloads[E]): boolean => {
      const channel = channelRef.current;
      if (!channel || !readyRef.current) return false;
      channel.trigger(event, data);
      return true;
    },
    [],
  );

  const stopTyping = useCallback(() => {
    clearTimeout(idleTimer.current);
    if (!typingRef.current.active) return;
    typingRef.current.active = false;
    send('client-typing', { typing: false });
  }, [send]);

  const typing = useCallback(() => {
    const now = Date.now();
    const state = typingRef.current;
    // Only a "typing" that went out counts: typed before the subscription succeeded, the next
    // keystroke tries again (else the others would hear nothing until the refresh).
    if (
      (!state.active || now - state.sentAt >= TYPING_REFRESH_MS) &&
      send('client-typing', { typing: true })
    ) {
      state.active = true;
      state.sentAt = now;
    }
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }, [send, stopTyping]);

  useEffect(() => {
    if (!client) return;
    const name = conversationPresenceChannel(conversationId);
    const channel = client.subscribe(name) as PresenceChannel;
    channelRef.current = channel;
    const staleTimers = new Map<string, ReturnType<typeof setTimeout>>();
    let visitorStale: ReturnType<typeof setTimeout> | undefined;

    const isMe = (id: string | number) => String(id) === String(channel.members?.myID);
    const update = (id: string, change: (m: MemberState) => MemberState | null) =>
      setMembers((current) => {
        const existing = current[id] ?? toMemberState(undefined);
        const next = change(existing);
        const copy = { ...current };
        if (next) copy[id] = next;
        else delete copy[id];
        return copy;
      });

    const readMembers = () => {
      const all: Record<string, MemberState> = {};
      channel.members?.each((member: PresenceMember) => {
        if (!isMe(member.id)) all[String(member.id)] = toMemberState(member.info);
      });
      setMembers(all);
    };
    const onSubscribed = () => {
      readyRef.current = true;
      readMembers();
      send('client-viewing', { viewing: document.visibilityState !== 'hidden' });
    };
    const onMemberAdded = (member: PresenceMember) => {
      if (isMe(member.id)) return;
      setMembers((current) => ({ ...current, [String(member.id)]: toMemberState(member.info) }));
    };
    const onMemberRemoved = (member: PresenceMember) => {
      clearTimeout(staleTimers.get(String(member.id)));
      update(String(member.id), () => null);
    };
    const knownSender = (metadata: { user_id?: string | number } | undefined) =>
      metadata?.user_id === undefined || isMe(metadata.user_id) ? null : String(metadata.user_id);
    const onTyping = (
      data: ClientEventPayloads['client-typing'],
      metadata?: { user_id?: string | number },
    ) => {
      const id = knownSender(metadata);
      if (!id) return;
      clearTimeout(staleTimers.get(id));
      if (data.typing) {
        staleTimers.set(
          id,
          setTimeout(() => update(id, (m) => ({ ...m, typing: false })), TYPING_STALE_MS),
        );
      }
      update(id, (m) => ({ ...m, typing: data.typing }));
    };
    const onViewing = (
      data: ClientEventPayloads['client-viewing'],
      metadata?: { user_id?: string | number },
    ) => {
      const id = knownSender(metadata);
      if (id) update(id, (m) => ({ ...m, viewing: data.viewing }));
    };
    const onVisitorTyping = (data: RealtimeEventPayloads['visitor_typing']) => {
      if (data?.conversation_id !== conversationId) return;
      clearTimeout(visitorStale);
      if (data.typing)
        visitorStale = setTimeout(() => setVisitorTyping(false), VISITOR_TYPING_STALE_MS);
      setVisitorTyping(data.typing);
    };
    const onVisibility = () =>
      send('client-viewing', { viewing: document.visibilityState !== 'hidden' });

    channel.bind('pusher:subscription_succeeded', onSubscribed);
    channel.bind('pusher:member_added', onMemberAdded);
    channel.bind('pusher:member_removed', onMemberRemoved);
    channel.bind('client-typing', onTyping);
    channel.bind('client-viewing', onViewing);
    channel.bind(REALTIME_EVENTS.visitorTyping, onVisitorTyping);
    document.addEventListener('visibilitychange', onVisibility);
    // Already subscribed (the same channel object came back): no new success event will come.
    if (channel.subscribed) onSubscribed();

    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(idleTimer.current);
      if (typingRef.current.active) send('client-typing', { typing: false });
      typingRef.current = { active: false, sentAt: 0 };
      send('client-viewing', { viewing: false });
      for (const timer of staleTimers.values()) clearTimeout(timer);
      clearTimeout(visitorStale);
      channel.unbind('pusher:subscription_succeeded', onSubscribed);
      channel.unbind('pusher:member_added', onMemberAdded);
      channel.unbind('pusher:member_removed', onMemberRemoved);
      channel.unbind('client-typing', onTyping);
      channel.unbind('client-viewing', onViewing);
      channel.unbind(REALTIME_EVENTS.visitorTyping, onVisitorTyping);
      client.unsubscribe(name);
      channelRef.current = null;
      readyRef.current = false;
      setMembers({});
      setVisitorTyping(false);
    };
  }, [client, conversationId, send]);

  const colleagues = useMemo<Colleague[]>(
    () =>
      Object.entries(members)
        .filter(([, m]) => m.viewing || m.typing)
        .map(([id, m]) => ({
          id,
          name: m.name,
          initials: m.initials,
          profile_color: m.profile_color,
          typing: m.typing,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [members],
  );

  return { colleagues, visitorTyping, typing, stopTyping };
}
