/**
 * Loading, error and empty states of one query, so the funds, identity and
 * admin screens show them alike: nothing for 800 ms then a skeleton, an error with retry, an empty
 * block, else the content.
 */
import type { ReactNode } from 'react';
import { LoadingBlock } from './LoadingBlock';
import { EmptyState, ErrorState } from './StateBlocks';

interface Props {
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** True when there is nothing to show. */
  empty?: boolean;
  emptyTitle?: ReactNode;
  emptyDescription?: ReactNode;
  lines?: number;
  children: ReactNode;
}

export function QueryBlock({ isLoading, isError, onRetry, empty, emptyTitle, emptyDescription, lines = 4, children }: Props) {
  if (isLoading) return <LoadingBlock lines={lines} />;
  if (isError) return <ErrorState onRetry={onRetry} />;
  if (empty) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  return <>{children}</>;
}
