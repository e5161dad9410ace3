import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, ConfigProvider, Drawer, Flex, Typography } from 'antd';
import { Trans } from '@lingui/react/macro';
import { splitApiError } from '../../lib/form-errors';
import type { FieldErrorMap } from './editor-fields';
import type { ListItem } from './list-order';

/** What an RTK Query mutation hook returns: its trigger and its state. */
type Mutation<Arg> = readonly [
  (arg: Arg) => { unwrap: () => Promise<unknown> },
  { isLoading: boolean },
];

export interface ItemEditor<Body> {
  errors: FieldErrorMap;
  /** What went wrong that no field shows; above the form. */
  message: string | null;
  setMessage: (message: string | null) => void;
  saving: boolean;
  /**
   * Creates the item or updates it with `body`, and closes the editor. `problems` found before
   * asking the server show at their fields and nothing is sent; what the server refuses shows
   * at the field of its path among `paths`, the rest above the form.
   */
  save: (body: Body, paths: readonly string[], problems?: FieldErrorMap) => Promise<void>;
  /** Shows a failed call's errors: at their fields (`rename` maps its paths to theirs), the rest above. */
  showFailure: (
    failure: unknown,
    paths: readonly string[],
    rename?: Record<string, string>,
  ) => void;
}

/**
 * The state and save of the editor drawer of `item`, or of a new item when it is null: a new one
 * is saved with `create`, another with `update` (what the feature's mutation hooks return).
 */
export function useItemEditor<Body>(
  item: ListItem | null,
  {
    create: [create, creating],
    update: [update, updating],
    onSaved,
  }: {
    create: Mutation<Body>;
    update: Mutation<{ id: number; patch: Body }>;
    onSaved: () => void;
  },
): ItemEditor<Body> {
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [message, setMessage] = useState<string | null>(null);

  const showFailure: ItemEditor<Body>['showFailure'] = (failure, paths, rename) => {
    const split = splitApiError(failure, paths, rename);
    setErrors(split.fieldErrors);
    setMessage(split.message);
  };

  const save: ItemEditor<Body>['save'] = async (body, paths, problems = {}) => {
    setMessage(null);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      if (item) await update({ id: item.id, patch: body }).unwrap();
      else await create(body).unwrap();
      onSaved();
    } catch (failure) {
      showFailure(failure, paths);
    }
  };

  return {
    errors,
    message,
    setMessage,
    saving: creating.isLoading || updating.isLoading,
    save,
    showFailure,
  };
}

/**
 * The drawer an item is created, edited or read in: its title, Save (none when read-only), what
 * the item will do in words, the message no field shows, then the fields.
 */
export function EditorDrawer({
  title,
  editor,
  summary,
  readOnly,
  onSave,
  onClose,
  children,
}: {
  title: string;
  editor: Pick<ItemEditor<unknown>, 'message' | 'saving'>;
  summary?: ReactNode;
  /** Every field disabled, and no Save. */
  readOnly?: boolean;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const body = (
    <Flex vertical gap={16}>
      {summary !== undefined && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {summary}
        </Typography.Paragraph>
      )}
      {editor.message && <Alert type="error" showIcon title={editor.message} />}
      {children}
    </Flex>
  );
  return (
    <Drawer
      open
      // Never wider than a phone's screen: the fields wrap instead.
      size={Math.min(640, window.innerWidth)}
      aria-labelledby={titleId}
      title={<span id={titleId}>{title}</span>}
      onClose={onClose}
      destroyOnHidden
      extra={
        !readOnly && (
          <Button type="primary" loading={editor.saving} onClick={onSave}>
            <Trans>Save</Trans>
          </Button>
        )
      }
    >
      {readOnly ? <ConfigProvider componentDisabled>{body}</ConfigProvider> : body}
    </Drawer>
  );
}
