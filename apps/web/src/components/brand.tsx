import { productName } from '../lib/product';

/** The product mark: a speech bubble and the product name. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" style={{ fill: 'var(--parley-color-primary)' }} />
        <path
          d="M9 10.5A2.5 2.5 0 0 1 11.5 8h9A2.5 2.5 0 0 1 23 10.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.5 4v-4A1.5 1.5 0 0 1 9 18.5z"
          style={{ fill: 'var(--parley-color-text-light-solid)' }}
        />
      </svg>
      {!compact && (
        <span
          style={{
            fontWeight: 650,
            fontSize: 18,
            letterSpacing: -0.2,
            color: 'var(--parley-color-text)',
          }}
        >
          {productName}
        </span>
      )}
    </span>
  );
}
