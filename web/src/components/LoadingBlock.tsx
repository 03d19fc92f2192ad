/** Placeholder while data loads: nothing for the first 800 ms, then a skeleton. */
import { Skeleton } from 'antd-mobile';
import { useDelayedFlag } from '../lib/useDelayedFlag';

export function LoadingBlock({ lines = 4, title = true }: { lines?: number; title?: boolean }) {
  const shown = useDelayedFlag(true);
  if (!shown) return <div className="loading-block" aria-busy="true" />;
  return (
    <div className="loading-block" aria-busy="true" data-testid="loading">
      {title ? <Skeleton.Title animated /> : null}
      <Skeleton.Paragraph lineCount={lines} animated />
    </div>
  );
}
