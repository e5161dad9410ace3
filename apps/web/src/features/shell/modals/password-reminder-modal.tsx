import { Modal } from 'antd';
import { useNavigate } from 'react-router';
import { PASSWORD_MAX_AGE_DAYS } from '@parley/contracts';
import { SHELL_ROUTES } from '../shell-config';
import { plural, t } from '@lingui/core/macro';

/**
 * docs/product/states.md, docs/product/limits.md: the password reminder, while the password is 83 to 90 days old (the shell decides
 * when; see passwordReminderDue). The action leads to the change-password page.
 */
export function PasswordReminderModal({
  open,
  passwordAgeDays,
  onClose,
}: {
  open: boolean;
  passwordAgeDays: number;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const left = Math.max(0, PASSWORD_MAX_AGE_DAYS - passwordAgeDays);
  const maxDays = PASSWORD_MAX_AGE_DAYS;
  const text =
    left === 0
      ? t`Passwords expire after ${maxDays} days and yours expires today. Change it now to keep signing in without interruption.`
      : plural(left, {
          one: `Passwords expire after ${maxDays} days and yours expires in # day. Change it now to keep signing in without interruption.`,
          other: `Passwords expire after ${maxDays} days and yours expires in # days. Change it now to keep signing in without interruption.`,
        });
  return (
    <Modal
      title={t`Your password expires soon`}
      open={open}
      onCancel={onClose}
      cancelText={t`Remind me later`}
      okText={t`Change password`}
      onOk={() => {
        onClose();
        navigate(SHELL_ROUTES.changePasswordSoon);
      }}
    >
      <p style={{ marginTop: 0 }}>{text}</p>
    </Modal>
  );
}
