import { Modal } from 'antd';
import { useNavigate } from 'react-router';
import { PASSWORD_MAX_AGE_DAYS } from '@parley/contracts';
import { SHELL_ROUTES } from '../shell-config';

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
  const when = left === 0 ? 'today' : `in ${left} ${left === 1 ? 'day' : 'days'}`;
  return (
    <Modal
      title="Your password expires soon"
      open={open}
      onCancel={onClose}
      cancelText="Remind me later"
      okText="Change password"
      onOk={() => {
        onClose();
        navigate(SHELL_ROUTES.changePasswordSoon);
      }}
    >
      <p style={{ marginTop: 0 }}>
        Passwords expire after {PASSWORD_MAX_AGE_DAYS} days and yours expires {when}. Change it now
        to keep signing in without interruption.
      </p>
    </Modal>
  );
}
