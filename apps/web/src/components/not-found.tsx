import type { ReactNode } from 'react';
import { Button, Flex, Typography, theme } from 'antd';
import { useNavigate } from 'react-router';
import { t } from '@lingui/core/macro';
import { Brand } from './brand';

interface StatusScreenProps {
  code: string;
  title: string;
  description: ReactNode;
  home: string;
  homeLabel: string;
  /** Outside the shell: the screen is the whole page, with the product mark above it. */
  standalone?: boolean;
}

/** A page that cannot be shown here (unknown, or not for this role), with the way back. */
function StatusScreen({
  code,
  title,
  description,
  home,
  homeLabel,
  standalone,
}: StatusScreenProps) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const body = (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{
        minHeight: standalone ? 0 : 360,
        height: '100%',
        padding: token.paddingXL,
        textAlign: 'center',
      }}
    >
      <span
        aria-hidden="true"
        style={{
          // The link colour: the primary one reads too dark on the dark theme's surface.
          color: token.colorLink,
          fontSize: 56,
          fontWeight: 700,
          lineHeight: 1,
          letterSpacing: -1,
          marginBottom: token.marginMD,
        }}
      >
        {code}
      </span>
      <Typography.Title level={1} style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph
        type="secondary"
        style={{ maxWidth: 440, margin: `${token.marginXS}px 0 ${token.marginLG}px` }}
      >
        {description}
      </Typography.Paragraph>
      <Button type="primary" size="large" onClick={() => navigate(home)}>
        {homeLabel}
      </Button>
    </Flex>
  );
  if (!standalone) return body;
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: token.marginXL,
        padding: `${token.paddingXL}px ${token.padding}px`,
        background: token.colorBgLayout,
        fontFamily: token.fontFamily,
        color: token.colorText,
      }}
    >
      <Brand />
      <section
        style={{
          width: '100%',
          maxWidth: 520,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        {body}
      </section>
    </main>
  );
}

/** An unknown path: in the shell (`home` = the area's start) or, signed out, as its own page. */
export function NotFound({ home = '/', standalone }: { home?: string; standalone?: boolean }) {
  return (
    <StatusScreen
      code="404"
      title={t`Page not found`}
      description={t`The page you are looking for does not exist or has moved.`}
      home={home}
      homeLabel={t`Go back home`}
      standalone={standalone}
    />
  );
}

/** A page this person's role may not open (app/require-role.tsx): said before any call is made. */
export function NotAllowed({
  page,
  allowed,
  home,
}: {
  page: string;
  /** Who may, in words: "owners and admins". */
  allowed: string;
  home: string;
}) {
  return (
    <StatusScreen
      code="403"
      title={t`You don't have access to this page`}
      description={t`Only ${allowed} of this workspace can open ${page}. Ask one of them if you need something changed there.`}
      home={home}
      homeLabel={t`Go back`}
    />
  );
}
