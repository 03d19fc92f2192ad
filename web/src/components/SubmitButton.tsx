/** Full-width primary button: disabled while submitting, spinner only after 800 ms. */
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useDelayedFlag } from '../lib/useDelayedFlag';

interface Props {
  busy: boolean;
  children: ReactNode;
  onClick?: () => void;
  type?: 'submit' | 'button';
  testId?: string;
}

export function SubmitButton({ busy, children, onClick, type = 'submit', testId }: Props) {
  const spinner = useDelayedFlag(busy);
  return (
    <Button
      block
      type={type}
      color="primary"
      size="large"
      shape="rounded"
      disabled={busy}
      loading={spinner}
      onClick={onClick}
      className="submit-button"
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
