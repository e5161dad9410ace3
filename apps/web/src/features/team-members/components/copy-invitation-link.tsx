import { useState } from 'react';
import { Button, Flex, Input, Modal, Popconfirm, Typography } from 'antd';
import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { InvitationLink } from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useIssueInvitationLinkMutation, type PendingInvitation } from '../api/team-members-api';

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * "Copy link" for a pending invitation (owners and admins), for when the email does not arrive.
 * Links are stored hashed, so the server issues a new one and the emailed link stops working:
 * the confirmation says so before anything changes.
 */
export function CopyInvitationLink({ invitation }: { invitation: PendingInvitation }) {
  const [issue, { isLoading }] = useIssueInvitationLinkMutation();
  const [issued, setIssued] = useState<InvitationLink | null>(null);

  const copy = async (link: string) => {
    if (await copyToClipboard(link)) toast.success('Copied to Clipboard');
    else toast.error('Could not copy', 'Select the link and copy it by hand.');
  };

  const makeLink = async () => {
    try {
      const result = await issue(invitation.id).unwrap();
      setIssued(result);
      if (await copyToClipboard(result.link)) toast.success('Invitation link copied');
    } catch (failure) {
      toast.error(asErrorPayload(failure)?.message ?? 'Something went wrong. Please try again.');
    }
  };

  return (
    <>
      <Popconfirm
        title="Copy a new invitation link?"
        description="A new link is made for you to share. The link in the invitation email stops working."
        okText="Copy new link"
        onConfirm={() => void makeLink()}
      >
        <Button
          type="text"
          icon={<LinkOutlined />}
          // The name holds the visible words (WCAG 2.5.3) and says whose link it is.
          aria-label={`Copy link for ${invitation.email}`}
          loading={isLoading}
        >
          Copy link
        </Button>
      </Popconfirm>
      <Modal
        open={issued !== null}
        title={`Invitation link for ${invitation.email}`}
        onCancel={() => setIssued(null)}
        footer={
          <Button type="primary" onClick={() => setIssued(null)}>
            Done
          </Button>
        }
        destroyOnHidden
      >
        {issued && (
          <>
            <Typography.Paragraph>
              Send this link to {issued.email} yourself. It works once, until{' '}
              {dayjs(issued.expires_at).format('MMM D, YYYY')}. The link in the invitation email no
              longer works.
            </Typography.Paragraph>
            <Flex gap={8}>
              <Input
                readOnly
                value={issued.link}
                aria-label="Invitation link"
                style={{ fontFamily: 'monospace' }}
                onFocus={(event) => event.target.select()}
              />
              <Button
                icon={<CopyOutlined />}
                aria-label="Copy the invitation link"
                onClick={() => void copy(issued.link)}
              />
            </Flex>
          </>
        )}
      </Modal>
    </>
  );
}
