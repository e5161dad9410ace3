import type { ReactNode } from 'react';

interface ComingSoonProps {
  title: string;
  description: ReactNode;
  icon: ReactNode;
}

/**
 * An honest empty state for an area that is not built yet: what will be here, no fake data.
 * Plain markup: it is what the inbox route shows, and that route has a JS budget.
 */
export function ComingSoon({ title, description, icon }: ComingSoonProps) {
  return (
    <div style={{ padding: 32, maxWidth: 880, margin: '0 auto' }}>
      <section
        style={{
          background: '#fff',
          borderRadius: 12,
          padding: '56px 32px',
          textAlign: 'center',
          boxShadow: '0 1px 2px rgba(16, 24, 40, 0.04)',
        }}
      >
        <div style={{ marginBottom: 16 }} aria-hidden="true">
          {icon}
        </div>
        <h2 style={{ fontSize: 20, fontWeight: 600, margin: '0 0 8px', color: '#1f2430' }}>
          {title}
        </h2>
        <p style={{ maxWidth: 480, margin: '0 auto', color: '#5b6170', lineHeight: 1.6 }}>
          {description}
        </p>
      </section>
    </div>
  );
}
