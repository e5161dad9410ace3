import { Button, Popconfirm, Switch } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
} from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { asErrorPayload } from '../../lib/api-error';
import { toast } from '../../lib/toast';

/** A toast saying what failed, with the server's reason under it. */
export const toastFailure = (what: string) => (failure: unknown) =>
  toast.error(what, asErrorPayload(failure)?.message);

/** Where an item stands in its list, and what its row can do there. */
export interface ItemPlace {
  index: number;
  isFirst: boolean;
  isLast: boolean;
  /** Moves the item one place up (-1) or down (1) and saves the new order. */
  move: (by: -1 | 1) => void;
  /** Opens the item in the list's editor. */
  edit: () => void;
}

/** The row's on/off switch; a change the server refuses shows `failed` in a toast. */
export function EnabledSwitch({
  label,
  checked,
  disabled,
  onChange,
  failed,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (enabled: boolean) => Promise<unknown>;
  failed: string;
}) {
  return (
    <Switch
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(enabled) => onChange(enabled).catch(toastFailure(failed))}
    />
  );
}

/** Move up and move down; off at the ends of the list. */
export function MoveButtons({
  place,
  upLabel,
  downLabel,
}: {
  place: ItemPlace;
  upLabel: string;
  downLabel: string;
}) {
  return (
    <>
      <Button
        aria-label={upLabel}
        icon={<ArrowUpOutlined />}
        disabled={place.isFirst}
        onClick={() => place.move(-1)}
      />
      <Button
        aria-label={downLabel}
        icon={<ArrowDownOutlined />}
        disabled={place.isLast}
        onClick={() => place.move(1)}
      />
    </>
  );
}

/** Opens the editor: a pencil, or an eye for someone who may only read. */
export function EditButton({
  label,
  readOnly,
  onClick,
}: {
  label: string;
  readOnly?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      aria-label={label}
      icon={readOnly ? <EyeOutlined /> : <EditOutlined />}
      onClick={onClick}
    />
  );
}

/** Delete after a confirmation; the confirmation's button waits for the server. */
export function DeleteButton({
  label,
  confirmTitle,
  onDelete,
  failed,
}: {
  label: string;
  confirmTitle: string;
  onDelete: () => Promise<unknown>;
  failed: string;
}) {
  return (
    <Popconfirm
      title={confirmTitle}
      okText={t`Delete`}
      okButtonProps={{ danger: true }}
      onConfirm={() => onDelete().catch(toastFailure(failed))}
    >
      <Button aria-label={label} icon={<DeleteOutlined />} danger />
    </Popconfirm>
  );
}
