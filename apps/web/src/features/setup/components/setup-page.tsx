import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Card, Flex, Progress, Tag, theme, Typography } from 'antd';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  ApiOutlined,
  CheckCircleFilled,
  MessageOutlined,
  PlayCircleOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { SetupItemKey } from '@parley/contracts';
import { PageSpin } from '../../../components/page-spin';
import { formatNumber } from '../../../lib/format';
import { HELP_CENTER_URL, SHELL_ROUTES } from '../../shell';
import { useGetOnboardingVideosQuery, useGetSetupChecklistQuery } from '../api/setup-api';
import { LoadErrorAlert } from '../../../components/load-error-alert';

/** What each checklist item asks for, and where it is done, in the active language. */
export const setupItems = (): Record<
  SetupItemKey,
  { title: string; description: string; action: string; to: string; icon: ReactNode }
> => ({
  connect_channel: {
    title: t`Connect a support channel`,
    description: t`Bring your customers' messages — email, Facebook, Instagram, WhatsApp, SMS or your own systems — into the shared inbox.`,
    action: t`Connect a channel`,
    to: '/settings/supportchannels',
    icon: <ApiOutlined />,
  },
  install_widget: {
    title: t`Install the live-chat widget`,
    description: t`Choose its colour and call-to-action, switch it on and paste the snippet into your store.`,
    action: t`Set up the widget`,
    to: '/settings/widgets',
    icon: <MessageOutlined />,
  },
  invite_team: {
    title: t`Invite your team`,
    description: t`Add the teammates who answer your customers, as agents or admins.`,
    action: t`Invite teammates`,
    to: '/settings/teammembers',
    icon: <TeamOutlined />,
  },
  create_fast_replies: {
    title: t`Create fast replies`,
    description: t`Save answers to the questions you get every day and insert them in a reply with /.`,
    action: t`Create a fast reply`,
    to: '/settings/fastreplies',
    icon: <ThunderboltOutlined />,
  },
  verify_sending_domain: {
    title: t`Verify your sending domain`,
    description: t`Add a DMARC record for the domain you send support email from, so your replies reach the inbox and not the spam folder.`,
    action: t`Verify the domain`,
    to: SHELL_ROUTES.dnsRecords,
    icon: <SafetyCertificateOutlined />,
  },
});

/** /setup: the checklist of a new workspace, each item checked by the server from real state. */
export function SetupPage() {
  // Every visit asks again: the items change as settings are made elsewhere.
  const { data, isLoading, error, refetch } = useGetSetupChecklistQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const items = setupItems();
  const next = data?.items.find((i) => !i.done)?.key;
  const completed = data?.completed ?? 0;
  const total = data?.total ?? 0;

  return (
    <div style={{ maxWidth: 880, margin: '0 auto', padding: '32px 24px' }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        <Trans>Set up your workspace</Trans>
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <Trans>
          A few steps to start answering customers. Each one is checked against your workspace as it
          is now.
        </Trans>
      </Typography.Paragraph>

      {isLoading && <PageSpin />}
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The checklist could not be loaded.`}
          onRetry={refetch}
        />
      )}

      {data && (
        <>
          <Card variant="borderless" style={{ marginBottom: 16 }}>
            <Flex align="center" gap={16}>
              <Progress
                type="circle"
                size={64}
                percent={Math.round((data.completed / Math.max(1, data.total)) * 100)}
                aria-label={t`Setup progress`}
              />
              <div>
                <Typography.Text strong style={{ fontSize: 16 }}>
                  {plural(total, {
                    one: `${completed} of # step done`,
                    other: `${completed} of # steps done`,
                  })}
                </Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {data.completed === data.total
                    ? t`Your workspace is set up.`
                    : t`Finish the remaining steps below.`}
                </Typography.Paragraph>
              </div>
            </Flex>
          </Card>

          <ol aria-label={t`Setup checklist`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.items.map((item) => {
              const meta = items[item.key];
              return (
                <li key={item.key} style={{ marginBottom: 12 }}>
                  <Card variant="borderless" size="small" styles={{ body: { padding: 16 } }}>
                    <Flex gap={16} align="flex-start" wrap>
                      <span
                        aria-hidden
                        style={{
                          fontSize: 22,
                          lineHeight: 1,
                          marginTop: 2,
                          color: item.done ? token.colorSuccess : token.colorTextTertiary,
                        }}
                      >
                        {item.done ? <CheckCircleFilled /> : meta.icon}
                      </span>
                      <div style={{ flex: '1 1 320px', minWidth: 0 }}>
                        <Flex gap={8} align="center" wrap>
                          <Typography.Title level={5} style={{ margin: 0 }}>
                            {meta.title}
                          </Typography.Title>
                          {item.done ? (
                            <Tag color="success">
                              <Trans>Done</Trans>
                            </Tag>
                          ) : (
                            <Tag>
                              <Trans>To do</Trans>
                            </Tag>
                          )}
                        </Flex>
                        <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
                          {meta.description}
                        </Typography.Paragraph>
                        <Typography.Text style={{ fontSize: 13 }}>{item.detail}</Typography.Text>
                      </div>
                      <Button
                        type={item.key === next ? 'primary' : 'default'}
                        href={meta.to}
                        onClick={(event) => {
                          event.preventDefault();
                          void navigate(meta.to);
                        }}
                      >
                        {meta.action}
                      </Button>
                    </Flex>
                  </Card>
                </li>
              );
            })}
          </ol>
        </>
      )}

      <OnboardingVideos checklistShown={!isLoading} />
    </div>
  );
}

/**
 * The onboarding videos the operator publishes (help menu: Watch Onboarding Videos, which comes
 * here at #onboarding-videos). Until there are any, it says so and points to the written guides.
 * It scrolls into view once the checklist above it has its height too (or it lands short).
 */
function OnboardingVideos({ checklistShown }: { checklistShown: boolean }) {
  const { data, isLoading, error, refetch } = useGetOnboardingVideosQuery();
  const { hash } = useLocation();
  const anchor = 'onboarding-videos';
  useEffect(() => {
    if (hash === `#${anchor}` && !isLoading && checklistShown)
      document.getElementById(anchor)?.scrollIntoView?.({ block: 'start' });
  }, [hash, isLoading, checklistShown]);
  const videos = data?.videos ?? [];
  const { token } = theme.useToken();

  return (
    <section id={anchor} aria-labelledby={`${anchor}-title`} style={{ marginTop: 24 }}>
      <Card variant="borderless">
        <Flex gap={16} align="flex-start" wrap>
          <PlayCircleOutlined aria-hidden style={{ fontSize: 28, color: token.colorPrimary }} />
          <div style={{ flex: '1 1 320px', minWidth: 0 }}>
            <Typography.Title id={`${anchor}-title`} level={5} style={{ margin: 0 }}>
              <Trans>Onboarding videos</Trans>
            </Typography.Title>
            {isLoading && <PageSpin />}
            {error && (
              <Alert
                type="error"
                showIcon
                title={t`The videos could not be loaded.`}
                action={
                  <Button size="small" onClick={() => void refetch()}>
                    <Trans>Load the videos again</Trans>
                  </Button>
                }
                style={{ marginTop: 8 }}
              />
            )}
            {data && videos.length === 0 && (
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                <Trans>
                  No onboarding videos have been published yet. The steps above walk you through the
                  same ground, and the{' '}
                  <Link to={HELP_CENTER_URL} style={{ textDecoration: 'underline' }}>
                    Help Center
                  </Link>{' '}
                  has written guides.
                </Trans>
              </Typography.Paragraph>
            )}
            {videos.length > 0 && (
              <>
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
                  <Trans>Prefer to watch? Each video opens in a new tab.</Trans>
                </Typography.Paragraph>
                <ol
                  aria-label={t`Watch Onboarding Videos`}
                  style={{ margin: 0, paddingInlineStart: 20 }}
                >
                  {videos.map((v) => {
                    const minutes = v.minutes === null ? null : formatNumber(v.minutes);
                    return (
                      <li key={v.url} style={{ marginBottom: 8 }}>
                        <a href={v.url} target="_blank" rel="noopener noreferrer" dir="auto">
                          {v.title}
                        </a>
                        {minutes !== null && (
                          <Typography.Text type="secondary"> · {t`${minutes} min`}</Typography.Text>
                        )}
                        {v.description && (
                          <Typography.Paragraph type="secondary" dir="auto" style={{ margin: 0 }}>
                            {v.description}
                          </Typography.Paragraph>
                        )}
                      </li>
                    );
                  })}
                </ol>
              </>
            )}
          </div>
        </Flex>
      </Card>
    </section>
  );
}
