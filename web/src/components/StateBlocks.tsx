/** Empty and error states in the app's dark style, texts from the locale files. */
import { Button } from 'antd-mobile';
import { createErrorBlock } from 'antd-mobile/es/components/error-block/create-error-block';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnReturn } from '../lib/connection';

// The two illustrations are large inline SVGs (about 6 KB gzip) that the first
// screen does not need: each loads the first time a block shows it, into the
// block's fixed-height image box (no shift); the title and button show at once.
// A failed load leaves the box empty rather than failing the page (the block
// may be the chunk-error screen itself), and is tried again when the link
// comes back (it failed offline, most likely).
function illustration(load: () => Promise<ReactNode>) {
  let loaded: ReactNode = null;
  function Image() {
    const [image, setImage] = useState<ReactNode>(loaded);
    const [tries, setTries] = useState(0);
    useOnReturn(() => {
      if (!loaded) setTries((n) => n + 1);
    });
    useEffect(() => {
      if (loaded) return;
      let shown = true;
      load().then(
        (node) => {
          loaded = node;
          if (shown) setImage(node);
        },
        () => undefined,
      );
      return () => {
        shown = false;
      };
    }, [tries]);
    return <>{image}</>;
  }
  return <Image />;
}
const ErrorBlock = createErrorBlock({
  empty: illustration(() => import('antd-mobile/es/components/error-block/images/empty').then((m) => m.emptyImage)),
  default: illustration(() => import('antd-mobile/es/components/error-block/images/default').then((m) => m.defaultImage)),
});

export function EmptyState({ title, description }: { title?: ReactNode; description?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock
      className="state-block"
      status="empty"
      title={title ?? t('common.empty')}
      description={description ?? ''}
    />
  );
}

export function ErrorState({ onRetry, description }: { onRetry?: () => void; description?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock
      className="state-block"
      status="default"
      title={t('common.loadFailed')}
      description={description ?? t('common.loadFailedHint')}
    >
      {onRetry ? (
        <Button size="small" color="primary" fill="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </ErrorBlock>
  );
}
