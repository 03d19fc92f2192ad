/**
 * Holding and history lists of seconds options (GET /microtrade/lists, 5 a
 * page, "load more"). `version` changes when an option is bought or settled,
 * which reloads the first pages.
 */
import { Button, Tabs } from 'antd-mobile';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import type { Paged } from '../../../lib/types';
import { useLazyGetOptionListQuery, type OptionOrder } from '../api';
import { useServerNow } from '../clock';
import { HistoryOptionCard, HoldingOptionCard } from './OptionCards';

interface ListData {
  items: OptionOrder[];
  page: number;
  pages: number;
  status: 'loading' | 'ready' | 'error';
  more: boolean;
}

function useOptionList(type: 1 | 2, version: number, enabled: boolean) {
  const [fetchList] = useLazyGetOptionListQuery();
  const [state, setState] = useState<ListData>({ items: [], page: 0, pages: 0, status: 'loading', more: false });

  const apply = useCallback((page: number, res: Paged<OptionOrder>) => {
    setState((s) => ({
      items: page === 1 ? res.data : [...s.items, ...res.data.filter((o) => !s.items.some((x) => x.id === o.id))],
      page,
      pages: res.pages,
      status: 'ready',
      more: false,
    }));
  }, []);
  const failed = useCallback(() => {
    setState((s) => ({ ...s, status: s.items.length ? 'ready' : 'error', more: false }));
  }, []);

  const load = useCallback(
    (page: number) =>
      fetchList({ type, page })
        .unwrap()
        .then((res) => apply(page, res), failed),
    [apply, failed, fetchList, type],
  );

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchList({ type, page: 1 })
      .unwrap()
      .then(
        (res) => live && apply(1, res),
        () => live && failed(),
      );
    return () => {
      live = false;
    };
  }, [apply, failed, fetchList, type, version, enabled]);

  const loadMore = () => {
    setState((s) => ({ ...s, more: true }));
    void load(state.page + 1);
  };

  return { ...state, load, loadMore };
}

export function OptionLists({ version }: { version: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'holding' | 'history'>('holding');
  const holding = useOptionList(1, version, true);
  const history = useOptionList(2, version, tab === 'history');
  const now = useServerNow(holding.items.length > 0);

  const render = (list: ReturnType<typeof useOptionList>, card: (o: OptionOrder) => ReactNode) => {
    if (list.status === 'loading') return <LoadingBlock lines={3} />;
    if (list.status === 'error') return <ErrorState onRetry={() => list.load(1)} />;
    if (list.items.length === 0) return <EmptyState />;
    return (
      <>
        {list.items.map(card)}
        <div className="ct-more">
          {list.page < list.pages ? (
            <Button size="small" fill="none" color="primary" loading={list.more} onClick={() => {
                if (!list.more) list.loadMore();
              }} data-testid="ct-load-more">
              {t('contract.loadMore')}
            </Button>
          ) : (
            <span className="hint">{t('common.noMore')}</span>
          )}
        </div>
      </>
    );
  };

  return (
    <div className="ct-tabs-wrap" data-testid="ct-option-lists">
      <Tabs activeKey={tab} onChange={(k) => setTab(k as 'holding' | 'history')}>
        <Tabs.Tab key="holding" title={t('contract.holding')}>
          {render(holding, (o) => (
            <HoldingOptionCard key={o.id} order={o} now={now} />
          ))}
        </Tabs.Tab>
        <Tabs.Tab key="history" title={t('contract.history')}>
          {render(history, (o) => (
            <HistoryOptionCard key={o.id} order={o} />
          ))}
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
