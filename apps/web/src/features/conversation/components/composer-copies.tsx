import { useState } from 'react';
import { Button, Select, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MAX_REPLY_COPIES } from '@parley/contracts';
import { useGetConversationDetailQuery } from '../api/conversation-api';

/** An email reply's Cc / Bcc as the agent edits them, for one conversation. */
interface Copies {
  conversationId: number;
  cc: string[];
  bcc: string[];
  showCc: boolean;
  showBcc: boolean;
}

type CopiesChange = Partial<Omit<Copies, 'conversationId'>>;

/** Addresses typed or pasted into a Cc / Bcc field: trimmed, lower case, each once. */
const cleanAddresses = (values: string[]) => [
  ...new Set(values.map((v) => v.trim().toLowerCase()).filter(Boolean)),
];

/** The Cc / Bcc of the reply being written, and how the agent changes them. */
export interface ReplyCopies {
  cc: string[];
  bcc: string[];
  showCc: boolean;
  showBcc: boolean;
  /** Whether the reply sends its Cc / Bcc: once they are known (remembered, or edited). */
  sendsCopies: boolean;
  edit: (change: CopiesChange) => void;
}

/**
 * An email reply may copy others (Cc) or blind-copy them (Bcc); the conversation remembers the
 * last reply's, which the fields start from (the detail is already cached by the pane).
 * `onEdit` runs after every change the agent makes.
 */
export function useReplyCopies(
  conversationId: number,
  isEmail: boolean,
  onEdit: () => void,
): ReplyCopies {
  const { data: detail } = useGetConversationDetailQuery(conversationId, { skip: !isEmail });
  const remembered = detail?.email_recipients;
  const [editedCopies, setEditedCopies] = useState<Copies | null>(null);
  const copies: Copies =
    editedCopies?.conversationId === conversationId
      ? editedCopies
      : {
          conversationId,
          cc: remembered?.cc ?? [],
          bcc: remembered?.bcc ?? [],
          showCc: false,
          showBcc: false,
        };
  return {
    cc: copies.cc,
    bcc: copies.bcc,
    showCc: copies.showCc || copies.cc.length > 0,
    showBcc: copies.showBcc || copies.bcc.length > 0,
    // A reply sent before the detail loads keeps the last reply's copies (sends none).
    sendsCopies: isEmail && (remembered !== undefined || editedCopies === copies),
    edit: (change) => {
      setEditedCopies({ ...copies, ...change });
      onEdit();
    },
  };
}

/** The "Cc" and "Bcc" switches beside the reply's mode: each shows or empties its field. */
export function CopyToggles({ copies, disabled }: { copies: ReplyCopies; disabled: boolean }) {
  const { showCc, showBcc, edit } = copies;
  return (
    <span style={{ display: 'inline-flex', gap: 4, marginInlineStart: 'auto' }}>
      <Button
        size="small"
        type={showCc ? 'default' : 'text'}
        aria-pressed={showCc}
        disabled={disabled}
        onClick={() => edit({ showCc: !showCc, ...(showCc ? { cc: [] } : {}) })}
      >
        <Trans>Cc</Trans>
      </Button>
      <Button
        size="small"
        type={showBcc ? 'default' : 'text'}
        aria-pressed={showBcc}
        disabled={disabled}
        onClick={() => edit({ showBcc: !showBcc, ...(showBcc ? { bcc: [] } : {}) })}
      >
        <Trans>Bcc</Trans>
      </Button>
    </span>
  );
}

/** The Cc and Bcc fields that are switched on. */
export function CopyFields({ copies, disabled }: { copies: ReplyCopies; disabled: boolean }) {
  return (
    <>
      {copies.showCc && (
        <CopyField
          label={t`Cc`}
          fieldLabel={t`Cc addresses`}
          hint={t`Everyone sees who is copied.`}
          value={copies.cc}
          disabled={disabled}
          onChange={(cc) => copies.edit({ cc, showCc: true })}
        />
      )}
      {copies.showBcc && (
        <CopyField
          label={t`Bcc`}
          fieldLabel={t`Bcc addresses`}
          hint={t`Nobody sees who is blind-copied.`}
          value={copies.bcc}
          disabled={disabled}
          onChange={(bcc) => copies.edit({ bcc, showBcc: true })}
        />
      )}
    </>
  );
}

/** A Cc or Bcc field: addresses as tags, typed or pasted (comma, space or semicolon between). */
function CopyField(props: {
  label: string;
  /** The field's accessible name, e.g. "Cc addresses". */
  fieldLabel: string;
  hint: string;
  value: string[];
  disabled: boolean;
  onChange: (value: string[]) => void;
}) {
  const { token } = theme.useToken();
  return (
    <label style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 6 }}>
      <span
        style={{ minWidth: 28, color: token.colorTextSecondary, fontSize: 12 }}
        title={props.hint}
      >
        {props.label}
      </span>
      <Select
        mode="tags"
        size="small"
        aria-label={props.fieldLabel}
        placeholder="name@example.com"
        value={props.value}
        open={false}
        suffixIcon={null}
        tokenSeparators={[',', ' ', ';']}
        maxCount={MAX_REPLY_COPIES}
        disabled={props.disabled}
        onChange={(next: string[]) => props.onChange(cleanAddresses(next))}
        style={{ flex: 1 }}
      />
    </label>
  );
}
