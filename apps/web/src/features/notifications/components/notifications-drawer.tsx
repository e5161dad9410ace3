import { useCallback, useEffect, useState } from 'react';
import { Avatar, Button, Drawer, Empty, Flex, Spin, Typography, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '@parley/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { initialsBackground, initialsOf } from '../../../components/person-avatar';
import { startSide } from '../../../lib/i18n';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { isCanceledRequest, type CanceledRequest } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { useUserChannelEvent } from '../../realtime';
import {
  conversationPathOf,
  fetchNotifications,
  type NotificationsPageBody,
  markNotificationsRead,
  setUnreadCount,
} from '../api';
import { notificationText } from './notification-text';

type Loaded = { items: NotificationItem[]; next: number | null };

/** The list of the person's notifications, newest first, a page at a time. */
export default function NotificationsDrawer({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const apply = useCallback(
    (cursor: number | null, page: NotificationsPageBody | CanceledRequest) => {
      if (isCanceledRequest(page)) return;
      setUnreadCount(dispatch, page.unread_count);
      setLoaded((before) => ({
        items: cursor && before ? [...before.items, ...page.notifications] : page.notifications,
        next: page.next_cursor,
      }));
    },
    [dispatch],
  );

  const load = async (cursor: number | null) => {
    setLoading(true);
    setFailed(false);
    try {
      apply(cursor, await fetchNotifications(cursor));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  // Each opening shows the list as it is now.
  useEffect(() => {
    if (!open) return;
    let live = true;
    fetchNotifications(null).then(
      (page) => {
        if (live) apply(null, page);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [open, apply]);

  useUserChannelEvent('notification_created', ({ notification }) => {
    setLoaded((before) =>
      before && !before.items.some((n) => n.id === notification.id)
        ? { ...before, items: [notification, ...before.items] }
        : before,
    );
  });

  const markRead = async (body: { ids: number[] } | { all: true }) => {
    try {
      const res = await markNotificationsRead(body);
      if (isCanceledRequest(res)) return;
      setUnreadCount(dispatch, res.unread_count);
      const ids = 'ids' in body ? new Set(body.ids) : null;
      setLoaded((before) =>
        before
          ? {
              ...before,
              items: before.items.map((n) => (!ids || ids.has(n.id) ? { ...n, read: true } : n)),
            }
          : before,
      );
    } catch {
      toast.error(t`Your notifications could not be marked as read. Please try again.`);
    }
  };

  const openItem = (item: NotificationItem) => {
    if (!item.read) void markRead({ ids: [item.id] });
    if (item.conversation_id !== null) {
      onClose();
      void navigate(conversationPathOf(item.conversation_id));
    }
  };

  const items = loaded?.items ?? [];
  const anyUnread = items.some((n) => !n.read);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={startSide() === 'left' ? 'right' : 'left'}
      size="min(420px, 100vw)"
      title={t`Notifications`}
      extra={
        <Button type="link" disabled={!anyUnread} onClick={() => void markRead({ all: true })}>
          {t`Mark all as read`}
        </Button>
      }
      styles={{ body: { padding: 0 } }}
    >
      {!loaded && !failed && (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      )}
      {failed && (
        <Flex vertical align="center" gap={8} style={{ padding: 24 }}>
          <Typography.Text type="secondary">{t`Your notifications could not be loaded.`}</Typography.Text>
          <Button onClick={() => void load(loaded?.next ?? null)}>{t`Try again`}</Button>
        </Flex>
      )}
      {loaded && items.length === 0 && (
        <Empty
          style={{ padding: 24 }}
          description={t`Nothing yet. Mentions, assignments and customer replies show up here.`}
        />
      )}
      {items.length > 0 && (
        <ul aria-label={t`Notifications`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => {
            const who = item.actor?.name ?? item.contact_name ?? '?';
            return (
              <li key={item.id} style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
                <button
                  type="button"
                  onClick={() => openItem(item)}
                  style={{
                    display: 'flex',
                    gap: 12,
                    width: '100%',
                    padding: '12px 16px',
                    border: 'none',
                    textAlign: 'start',
                    cursor: 'pointer',
                    font: 'inherit',
                    color: token.colorText,
                    background: item.read ? 'transparent' : token.colorPrimaryBg,
                  }}
                >
                  <Avatar
                    size={32}
                    style={{
                      flexShrink: 0,
                      background: item.actor
                        ? initialsBackground(item.actor.profile_color)
                        : token.colorTextQuaternary,
                      color: token.colorTextLightSolid,
                    }}
                  >
                    {initialsOf(who)}
                  </Avatar>
                  <span style={{ minWidth: 0, flex: 1 }}>
                    <span style={{ display: 'block', fontWeight: item.read ? 400 : 600 }}>
                      {notificationText(item)}
                    </span>
                    {item.excerpt && (
                      <Typography.Text
                        type="secondary"
                        ellipsis
                        dir="auto"
                        style={{ display: 'block' }}
                      >
                        {item.excerpt}
                      </Typography.Text>
                    )}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      <time dateTime={item.created_at} title={formatDateTime(item.created_at)}>
                        {formatRelative(item.created_at)}
                      </time>
                    </Typography.Text>
                  </span>
                  {!item.read && (
                    <span
                      role="img"
                      aria-label={t`Unread`}
                      style={{
                        flexShrink: 0,
                        width: 8,
                        height: 8,
                        marginTop: 6,
                        borderRadius: 4,
                        background: token.colorPrimary,
                      }}
                    />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {loaded?.next && (
        <Flex justify="center" style={{ padding: 12 }}>
          <Button loading={loading} onClick={() => void load(loaded.next)}>
            {t`Load more`}
          </Button>
        </Flex>
      )}
    </Drawer>
  );
}
