import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Card, Flex, Progress, Tag, Typography } from 'antd';
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
import { HELP_MENU } from '../../shell/help-widget/help-widget';
import { HELP_CENTER_URL, SHELL_ROUTES } from '../../shell/shell-config';
import { useGetOnboardingVideosQuery, useGetSetupChecklistQuery } from '../api/setup-api';

/** What each checklist item asks for, and where it is done. */
export const SETUP_ITEMS: Record<
  SetupItemKey,
  { title: string; description: string; action: string; to: string; icon: ReactNode }
> = {
  connect_channel: {
    title: 'Connect a support channel',
    description:
      "Bring your customers' messages — email, Facebook, Instagram, WhatsApp, SMS or your own systems — into the shared inbox.",
    action: 'Connect a channel',
    to: '/settings/supportchannels',
    icon: <ApiOutlined />,
  },
  install_widget: {
    title: 'Install the live-chat widget',
    description:
      'Choose its colour and call-to-action, switch it on and paste the snippet into your store.',
    action: 'Set up the widget',
    to: '/settings/widgets',
    icon: <MessageOutlined />,
  },
  invite_team: {
    title: 'Invite your team',
    description: 'Add the teammates who answer your customers, as agents or admins.',
    action: 'Invite teammates',
    to: '/settings/teammembers',
    icon: <TeamOutlined />,
  },
  create_fast_replies: {
    title: 'Create fast replies',
    description:
      'Save answers to the questions you get every day and insert them in a reply with /.',
    action: 'Create a fast reply',
    to: '/settings/fastreplies',
    icon: <ThunderboltOutlined />,
  },
  verify_sending_domain: {
    title: 'Verify your sending domain',
    description:
      'Add a DMARC record for the domain you send support email from, so your replies reach the inbox and not the spam folder.',
    action: 'Verify the domain',
    to: SHELL_ROUTES.dnsRecords,
    icon: <SafetyCertificateOutlined />,
  },
};

/** /setup: the checklist of a new workspace, each item checked by the server from real state. */
export function SetupPage() {
  // Every visit asks again: the items change as settings are made elsewhere.
  const { data, isLoading, error, refetch } = useGetSetupChecklistQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const navigate = useNavigate();
  const next = data?.items.find((i) => !i.done)?.key;

  return (
    <div style={{ maxWidth: 880, margin: '0 auto', padding: '32px 24px' }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Set up your workspace
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        A few steps to start answering customers. Each one is checked against your workspace as it
        is now.
      </Typography.Paragraph>

      {isLoading && <PageSpin />}
      {error && (
        <Alert
          type="error"
          showIcon
          title={'message' in error ? error.message : 'The checklist could not be loaded.'}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
          style={{ marginBottom: 16 }}
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
                aria-label="Setup progress"
              />
              <div>
                <Typography.Text strong style={{ fontSize: 16 }}>
                  {data.completed} of {data.total} steps done
                </Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {data.completed === data.total
                    ? 'Your workspace is set up.'
                    : 'Finish the remaining steps below.'}
                </Typography.Paragraph>
              </div>
            </Flex>
          </Card>

          <ol aria-label="Setup checklist" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.items.map((item) => {
              const meta = SETUP_ITEMS[item.key];
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
                          color: item.done ? '#2f9e44' : '#8a93a6',
                        }}
                      >
                        {item.done ? <CheckCircleFilled /> : meta.icon}
                      </span>
                      <div style={{ flex: '1 1 320px', minWidth: 0 }}>
                        <Flex gap={8} align="center" wrap>
                          <Typography.Title level={5} style={{ margin: 0 }}>
                            {meta.title}
                          </Typography.Title>
                          {item.done ? <Tag color="success">Done</Tag> : <Tag>To do</Tag>}
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

  return (
    <section id={anchor} aria-labelledby={`${anchor}-title`} style={{ marginTop: 24 }}>
      <Card variant="borderless">
        <Flex gap={16} align="flex-start" wrap>
          <PlayCircleOutlined aria-hidden style={{ fontSize: 28, color: '#3b5bdb' }} />
          <div style={{ flex: '1 1 320px', minWidth: 0 }}>
            <Typography.Title id={`${anchor}-title`} level={5} style={{ margin: 0 }}>
              Onboarding videos
            </Typography.Title>
            {isLoading && <PageSpin />}
            {error && (
              <Alert
                type="error"
                showIcon
                title="The videos could not be loaded."
                action={
                  <Button size="small" onClick={() => void refetch()}>
                    Load the videos again
                  </Button>
                }
                style={{ marginTop: 8 }}
              />
            )}
            {data && videos.length === 0 && (
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                No onboarding videos have been published yet. The steps above walk you through the
                same ground, and the{' '}
                <Link to={HELP_CENTER_URL} style={{ textDecoration: 'underline' }}>
                  Help Center
                </Link>{' '}
                has written guides.
              </Typography.Paragraph>
            )}
            {videos.length > 0 && (
              <>
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
                  Prefer to watch? Each video opens in a new tab.
                </Typography.Paragraph>
                <ol aria-label={HELP_MENU.onboardingVideos} style={{ margin: 0, paddingLeft: 20 }}>
                  {videos.map((v) => (
                    <li key={v.url} style={{ marginBottom: 8 }}>
                      <a href={v.url} target="_blank" rel="noopener noreferrer">
                        {v.title}
                      </a>
                      {v.minutes !== null && (
                        <Typography.Text type="secondary"> · {v.minutes} min</Typography.Text>
                      )}
                      {v.description && (
                        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                          {v.description}
                        </Typography.Paragraph>
                      )}
                    </li>
                  ))}
                </ol>
              </>
            )}
          </div>
        </Flex>
      </Card>
    </section>
  );
}
