/**
 * Full-width primary button: disabled while submitting, spinner only after
 * 800 ms. While the app is offline a tap sends nothing: the form's submit is
 * stopped, every field stays as typed, and a note under the button says why
 * until the link is back (components/OfflineNote.tsx). Every form built on it
 * (transfers, withdrawals, conversions, products, settings) gets that without
 * code of its own.
 */
import { Button } from 'antd-mobile';
import type { MouseEvent, ReactNode } from 'react';
import { useDelayedFlag } from '../lib/useDelayedFlag';
import { OfflineNote, useOfflineAction } from './OfflineNote';

interface Props {
  busy: boolean;
  children: ReactNode;
  onClick?: () => void;
  type?: 'submit' | 'button';
  testId?: string;
}

export function SubmitButton({ busy, children, onClick, type = 'submit', testId }: Props) {
  const spinner = useDelayedFlag(busy);
  const offline = useOfflineAction();
  const tap = (e: MouseEvent) => {
    // Checked before the form validates or submits, so nothing is sent and nothing reset.
    if (offline.refuse()) {
      e.preventDefault();
      return;
    }
    onClick?.();
  };
  return (
    <>
      <Button
        block
        type={type}
        color="primary"
        size="large"
        shape="rounded"
        disabled={busy}
        loading={spinner}
        onClick={tap}
        className="submit-button"
        data-testid={testId}
      >
        {children}
      </Button>
      <OfflineNote shown={offline.refused} />
    </>
  );
}
