/** Suspense fallback of lazy pages: a spinner only when the chunk takes longer than 200 ms. */
import { DotLoading } from 'antd-mobile';
import { PAGE_LOADING_DELAY_MS } from '../lib/constants';
import { useDelayedFlag } from '../lib/useDelayedFlag';

export function PageFallback() {
  const shown = useDelayedFlag(true, PAGE_LOADING_DELAY_MS);
  return <div className="page page-center">{shown ? <DotLoading color="primary" /> : null}</div>;
}
