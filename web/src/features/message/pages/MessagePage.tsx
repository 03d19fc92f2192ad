/** Notifications with unread / read / all filters; opening one marks it read. */
import { Button, Popup, Tabs } from 'antd-mobile';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/PageShell';
import { PagedList } from '../../../components/PagedList';
import { PageHeading } from '../../../components/PageHeading';
import { TextContent } from '../../../components/TextContent';
import { PAGE_LIMIT, ROUTES } from '../../../lib/constants';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useLazyGetFeedbackListQuery, useReadFeedbackMutation, type Notification } from '../api';

type Filter = 'unread' | 'read' | 'all';
const FILTER_FLAG: Record<Filter, 0 | 1 | undefined> = { unread: 0, read: 1, all: undefined };

export default function MessagePage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('unread');
  const [open, setOpen] = useState<Notification | null>(null);
  const [generation, setGeneration] = useState(0);
  const [fetchList] = useLazyGetFeedbackListQuery();
  const [markRead, { isLoading: marking }] = useReadFeedbackMutation();
  const mapAll = useRef<((fn: (n: Notification) => Notification) => void) | null>(null);

  const fetchPage = useCallback(
    (page: number) => fetchList({ page, limit: PAGE_LIMIT, is_red: FILTER_FLAG[filter] }).unwrap(),
    [fetchList, filter],
  );

  const openItem = async (item: Notification, update: (next: Notification) => void) => {
    setOpen(item);
    if (item.is_red === 0) {
      try {
        await markRead({ id: item.id }).unwrap();
        update({ ...item, is_red: 1 });
      } catch {
        // Told by the base query.
      }
    }
  };

  const markAll = async () => {
    try {
      await markRead({}).unwrap();
      mapAll.current?.((n) => ({ ...n, is_red: 1 }));
      showToast(t('message.allMarked'), 'success');
      if (filter === 'unread' || filter === 'read') setGeneration((g) => g + 1);
    } catch {
      // Told by the base query.
    }
  };

  return (
    <PageShell
      backTo={ROUTES.setting}
      right={
        <Button size="mini" fill="none" color="primary" className="tap-44" onClick={markAll} disabled={marking} data-testid="mark-all">
          {t('message.markAll')}
        </Button>
      }
    >
      <PageHeading title={t('message.title')} />
      <Tabs activeKey={filter} onChange={(k) => setFilter(k as Filter)} className="sticky-tabs">
        <Tabs.Tab key="unread" title={t('message.unread')} />
        <Tabs.Tab key="read" title={t('message.read')} />
        <Tabs.Tab key="all" title={t('message.all')} />
      </Tabs>
      <PagedList<Notification>
        resetKey={`${filter}-${generation}`}
        fetchPage={fetchPage}
        itemKey={(n) => n.id}
        emptyTitle={t('message.empty')}
        mapAllRef={mapAll}
        renderItem={(n, update) => (
          <button type="button" className={`message-item ${n.is_red === 0 ? 'unread' : ''}`} onClick={() => openItem(n, update)}>
            <span className="message-head">
              {n.is_red === 0 ? <span className="dot" aria-label={t('message.unread')} /> : null}
              <span className="message-title ellipsis">{n.title}</span>
            </span>
            <span className="message-preview">{n.content}</span>
            <time>{formatDateTime(n.created_at)}</time>
          </button>
        )}
      />
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        onClose={() => setOpen(null)}
        bodyClassName="message-popup"
        showCloseButton
      >
        {open ? (
          <div className="message-detail" data-testid="message-detail">
            <h2>{open.title}</h2>
            <time>{formatDateTime(open.created_at)}</time>
            <TextContent text={open.content} />
          </div>
        ) : null}
      </Popup>
    </PageShell>
  );
}
