import type { ReactNode } from 'react';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, Tooltip, theme } from 'antd';
import {
  InboxOutlined,
  MenuFoldOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  TeamOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import type { ConversationMapping, ViewCounts } from '@parley/contracts';
import { formatNumber } from '../../../lib/format';
import { useListSavedViewsQuery } from '../api/saved-views-api';
import { inboxPath, readListFilters, type InboxLocation, type InboxView } from '../inbox-route';
import { activeSavedView } from '../saved-views';
import { ChannelIcon } from './channel-icon';
import { SavedViewsList } from './saved-views-list';
import styles from './inbox.module.css';

interface ViewsPanelProps {
  location: InboxLocation;
  counts: ViewCounts | undefined;
  mapping: ConversationMapping | undefined;
  onNewConversation: () => void;
  onShowShortcuts: () => void;
  /** Hides the panel; without it (the phone's drawer, which has its own title) no header. */
  onHide?: () => void;
}

interface ViewLinkProps {
  view: InboxView;
  location: InboxLocation;
  icon: ReactNode;
  name: string;
  count: number | undefined;
  unread?: number;
  /** A saved view is in sight: it is the one marked, not its built-in view. */
  savedOpen: boolean;
}

function ViewLink({ view, location, icon, name, count, unread, savedOpen }: ViewLinkProps) {
  const active = location.view === view && !savedOpen;
  // A new view keeps the status and sort, and starts without a search or an open conversation.
  const to = inboxPath({ ...location, view, conversationId: null });
  const unreadCount = unread ? formatNumber(unread) : '';
  const unreadTitle = unread ? plural(unread, { one: '# unread', other: '# unread' }) : '';
  const unreadSpoken = unread ? plural(unread, { one: '(# unread)', other: '(# unread)' }) : '';
  return (
    <li>
      <Link to={to} className={styles.viewLink} aria-current={active ? 'page' : undefined}>
        <span className={styles.viewIcon} aria-hidden="true">
          {icon}
        </span>
        <span className={styles.viewName} dir="auto">
          {name}
        </span>
        {unread ? (
          <span className={styles.unreadBadge} title={unreadTitle}>
            <span aria-hidden="true">{unreadCount}</span>
            <span className={styles.srOnly}> {unreadSpoken}</span>
          </span>
        ) : null}
        {count !== undefined && <span className={styles.viewCount}>{formatNumber(count)}</span>}
      </Link>
    </li>
  );
}

/** The views: Mine, Unassigned, All, then every team, channel and tag, with their counts. */
export function ViewsPanel({
  location,
  counts,
  mapping,
  onNewConversation,
  onShowShortcuts,
  onHide,
}: ViewsPanelProps) {
  const teams = mapping?.teams ?? [];
  const channels = mapping?.support_channels ?? [];
  const tags = mapping?.tags ?? [];
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const { data: saved } = useListSavedViewsQuery();
  const savedActive = activeSavedView(saved?.views, {
    ...location,
    search: params.get('search')?.trim() ?? '',
    ...readListFilters(params),
  });
  const savedOpen = savedActive !== undefined;
  return (
    <>
      {onHide && (
        <div className={styles.panelHeader}>
          <h2 className={styles.panelTitle}>
            <Trans>Inbox</Trans>
          </h2>
          <Tooltip title={t`Hide views`}>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t`Hide views panel`}
              onClick={onHide}
            >
              <MenuFoldOutlined />
            </button>
          </Tooltip>
        </div>
      )}
      <div style={{ padding: `${token.paddingSM}px ${token.paddingSM}px ${token.paddingXXS}px` }}>
        <Button type="primary" block icon={<PlusOutlined />} onClick={onNewConversation}>
          <Trans>New conversation</Trans>
        </Button>
      </div>
      <nav aria-label={t`Inbox views`} className={styles.viewsScroll}>
        <ul className={styles.viewList}>
          <ViewLink
            view="mine"
            location={location}
            icon={<UserOutlined />}
            name={t`Mine`}
            count={counts?.mine}
            savedOpen={savedOpen}
            unread={counts?.unread_mine}
          />
          <ViewLink
            view="unassigned"
            location={location}
            icon={<UserSwitchOutlined />}
            name={t`Unassigned`}
            count={counts?.unassigned}
            savedOpen={savedOpen}
          />
          <ViewLink
            view="all"
            location={location}
            icon={<InboxOutlined />}
            name={t`All`}
            count={counts?.all}
            savedOpen={savedOpen}
          />
        </ul>
        <SavedViewsList views={saved?.views} active={savedActive} />
        {teams.length > 0 && (
          <>
            <h3 className={styles.viewGroup}>
              <Trans>Teams</Trans>
            </h3>
            <ul className={styles.viewList}>
              {teams.map((team) => (
                <ViewLink
                  key={team.id}
                  view={`team:${team.id}`}
                  location={location}
                  icon={<TeamOutlined />}
                  name={team.name}
                  count={counts ? (counts.teams[String(team.id)] ?? 0) : undefined}
                  savedOpen={savedOpen}
                />
              ))}
            </ul>
          </>
        )}
        {channels.length > 0 && (
          <>
            <h3 className={styles.viewGroup}>
              <Trans>Channels</Trans>
            </h3>
            <ul className={styles.viewList}>
              {channels.map((channel) => (
                <ViewLink
                  key={channel.id}
                  view={`channel:${channel.id}`}
                  location={location}
                  icon={<ChannelIcon type={channel.type} />}
                  name={channel.name}
                  count={counts ? (counts.channels[String(channel.id)] ?? 0) : undefined}
                  savedOpen={savedOpen}
                />
              ))}
            </ul>
          </>
        )}
        {tags.length > 0 && (
          <>
            <h3 className={styles.viewGroup}>
              <Trans>Tags</Trans>
            </h3>
            <ul className={styles.viewList}>
              {tags.map((tag) => (
                <ViewLink
                  key={tag.id}
                  view={`tag:${tag.id}`}
                  location={location}
                  icon={
                    // theme-ignore-next-line: the tag's own colour, picked in the tag's settings
                    <span className={styles.tagDot} style={{ background: tag.color }} />
                  }
                  name={tag.name}
                  count={counts ? (counts.tags[String(tag.id)] ?? 0) : undefined}
                  savedOpen={savedOpen}
                />
              ))}
            </ul>
          </>
        )}
      </nav>
      <div className={styles.viewsFooter}>
        <Button
          type="text"
          size="small"
          icon={<QuestionCircleOutlined />}
          onClick={onShowShortcuts}
        >
          <Trans>Keyboard shortcuts</Trans>
        </Button>
      </div>
    </>
  );
}
