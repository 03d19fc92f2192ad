/**
 * A pending request's decision: Approve asks for confirmation first, Reject
 * opens a dialog that requires a reason (shown to the requester). The caller
 * says what a decision does; a failure is told by the admin fetch, and a
 * typed reason stays typed.
 */
import { Button, Dialog, TextArea } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';

interface Props {
  busy: boolean;
  /** What the approval confirmation says. */
  confirm: ReactNode;
  rejectTitle: string;
  onApprove: () => Promise<void>;
  onReject: (reason: string) => Promise<void>;
  /** Prefix of the buttons' and dialog's test ids (`admin`, `admin-lead`). */
  testId: string;
}

export function ReviewActions({ busy, confirm, rejectTitle, onApprove, onReject, testId }: Props) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);

  const approve = async () => {
    const ok = await Dialog.confirm({ content: confirm, confirmText: t('admin.approve'), cancelText: t('common.cancel') });
    if (!ok) return;
    try {
      await onApprove();
      showToast(t('admin.approved'), 'success');
    } catch {
      // Told by the admin fetch (a second decision is refused).
    }
  };

  const reject = async () => {
    const text = reason.trim();
    if (!text) {
      setReasonError(true);
      return;
    }
    try {
      await onReject(text);
      setRejecting(false);
      showToast(t('admin.rejected'), 'success');
    } catch {
      // Told by the admin fetch; the reason stays typed.
    }
  };

  return (
    <>
      <div className="funds-item-actions">
        <Button size="small" shape="rounded" className="danger-button" onClick={() => setRejecting(true)} disabled={busy} data-testid={`${testId}-reject`}>
          {t('admin.reject')}
        </Button>
        <Button size="small" shape="rounded" color="primary" onClick={approve} disabled={busy} data-testid={`${testId}-approve`}>
          {t('admin.approve')}
        </Button>
      </div>
      <Dialog
        visible={rejecting}
        title={rejectTitle}
        onClose={() => setRejecting(false)}
        content={
          <div className="admin-reject" data-testid={`${testId}-reject-dialog`}>
            <TextArea
              value={reason}
              onChange={(v) => {
                setReason(v);
                if (v.trim()) setReasonError(false);
              }}
              placeholder={t('admin.reasonPlaceholder')}
              rows={3}
              maxLength={200}
              showCount
            />
            {reasonError ? <p className="funds-reason">{t('admin.reasonRequired')}</p> : null}
          </div>
        }
        actions={[
          [
            { key: 'cancel', text: t('common.cancel'), onClick: () => setRejecting(false) },
            { key: 'reject', text: t('admin.reject'), bold: true, danger: true, disabled: busy, onClick: reject },
          ],
        ]}
      />
    </>
  );
}
