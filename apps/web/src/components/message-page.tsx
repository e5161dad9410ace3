import type { ReactNode } from 'react';

interface MessagePageProps {
  title: string;
  description: ReactNode;
  action?: ReactNode;
}

/** A plain full-area message (not found, failed to load). No antd: it can show in the entry. */
export function MessagePage({ title, description, action }: MessagePageProps) {
  return (
    <div
      style={{
        minHeight: 360,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        padding: 32,
        color: '#1f2430',
      }}
    >
      <h1 style={{ fontSize: 22, fontWeight: 600, margin: '0 0 8px' }}>{title}</h1>
      <p style={{ margin: '0 0 20px', maxWidth: 440, color: '#5b6170' }}>{description}</p>
      {action}
    </div>
  );
}
