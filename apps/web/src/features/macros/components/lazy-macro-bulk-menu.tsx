import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';

// Loaded apart, so the conversation pane, which imports this feature's entry for its picker
// button, does not carry the macros API along.
const MacroBulkMenu = lazy(() =>
  import('./macro-bulk-menu').then((m) => ({ default: m.MacroBulkMenu })),
);

/** The bulk bar's "Macro" menu (see macro-bulk-menu). */
export function LazyMacroBulkMenu(props: { disabled: boolean; onRun: (macroId: number) => void }) {
  return (
    <Suspense
      fallback={
        <Button size="small" disabled>
          {t`Macro`} <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      }
    >
      <MacroBulkMenu {...props} />
    </Suspense>
  );
}
