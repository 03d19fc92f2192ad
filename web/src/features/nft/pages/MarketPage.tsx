/**
 * The NFT market (nft/nft): tabs Artworks, Artists, Collections and Blind
 * boxes; artworks filtered by type (all, image, GIF, audio, video) and found
 * by a search (500 ms after the last key, at most 40 characters), artists by
 * the same search. Each list grows page by page ("load more"), with card
 * skeletons while it loads, an empty state and an error with retry. The tab,
 * the type and the search live in the address, so back returns to them.
 * The person icon opens the caller's own NFTs (with a dot for unread
 * messages).
 */
import { Badge, Tabs } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { useGrowingLimit } from '../../../components/GrowingList';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState } from '../../../components/StateBlocks';
import { selectToken } from '../../../lib/session';
import { NFT_ROUTES } from '../../../shared/nft/routes';
import { useGetArtistsQuery, useGetCollectionsQuery, useGetItemsQuery, useGetMessagesQuery, useGetSeriesListQuery, type NftType } from '../api';
import { ArtistCard } from '../components/ArtistCard';
import { ArtworkCard } from '../components/ArtworkCard';
import { CollectionCard } from '../components/CollectionCard';
import { NftList } from '../components/NftList';
import { SearchBox } from '../components/SearchBox';
import { SeriesCard } from '../components/SeriesCard';
import { cleanKeyword, isItemType, isMarketTab, MARKET_TABS, TYPES, type MarketTab } from '../logic';
import '../../../components/ui.css';
import '../nft.css';

const PAGE = 10;

function Artworks({ type, keyword }: { type?: NftType; keyword: string }) {
  const { t } = useTranslation();
  const token = useAppSelector(selectToken);
  const { limit, more } = useGrowingLimit(PAGE);
  const list = useGetItemsQuery({ token, type, keyword: keyword || undefined, limit });
  return (
    <NftList
      grid
      list={list}
      rowKey={(i) => i.id}
      onMore={more}
      testId="nft-artworks"
      moreTestId="nft-artworks-more"
      empty={<EmptyState title={t(keyword || type ? 'nft.empty.filtered' : 'nft.empty.artworks')} />}
    >
      {(item) => <ArtworkCard item={item} />}
    </NftList>
  );
}

function Artists({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const { limit, more } = useGrowingLimit(PAGE);
  const list = useGetArtistsQuery({ keyword: keyword || undefined, limit });
  return (
    <NftList
      list={list}
      rowKey={(a) => a.id}
      onMore={more}
      testId="nft-artists"
      moreTestId="nft-artists-more"
      empty={<EmptyState title={t(keyword ? 'nft.empty.filtered' : 'nft.empty.artists')} />}
    >
      {(artist) => <ArtistCard artist={artist} />}
    </NftList>
  );
}

function Collections() {
  const { t } = useTranslation();
  const { limit, more } = useGrowingLimit(PAGE);
  const list = useGetCollectionsQuery({ limit });
  return (
    <NftList
      list={list}
      rowKey={(c) => c.id}
      onMore={more}
      testId="nft-collections"
      moreTestId="nft-collections-more"
      empty={<EmptyState title={t('nft.empty.collections')} />}
    >
      {(c) => <CollectionCard collection={c} />}
    </NftList>
  );
}

function Boxes() {
  const { t } = useTranslation();
  const { limit, more } = useGrowingLimit(PAGE);
  const list = useGetSeriesListQuery({ limit });
  return (
    <NftList
      list={list}
      rowKey={(s) => s.id}
      onMore={more}
      testId="nft-series-list"
      moreTestId="nft-series-more"
      empty={<EmptyState title={t('nft.empty.boxes')} />}
    >
      {(s) => <SeriesCard series={s} />}
    </NftList>
  );
}

/** The person icon: the caller's own NFTs, a dot when a message is unread. */
function MineButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const messages = useGetMessagesQuery({ limit: 1 }, { skip: !token });
  const unread = messages.data?.unread ?? 0;
  return (
    <button type="button" className="icon-button" aria-label={t('nft.mine.title')} onClick={() => navigate(NFT_ROUTES.mine)} data-testid="nft-to-mine">
      <Badge content={unread > 0 ? Badge.dot : null}>
        <UserOutline fontSize={22} />
      </Badge>
    </button>
  );
}

export default function MarketPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: MarketTab = isMarketTab(tabParam) ? tabParam : 'artworks';
  const typeParam = params.get('type');
  const type = isItemType(typeParam) ? typeParam : undefined;
  const keyword = cleanKeyword(params.get('q') ?? '');

  /** Changes some of the address's values (null removes one), keeping the others. */
  const change = (values: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(values)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  const searchable = tab === 'artworks' || tab === 'artists';
  return (
    <PageShell className="ui-page nft-page" right={<MineButton />}>
      <div data-testid="nft-market">
        <PageHeading title={t('nft.title')} subtitle={t('nft.subtitle')} />
        <Tabs activeKey={tab} onChange={(k) => isMarketTab(k) && change({ tab: k === 'artworks' ? null : k })} className="ui-tabs nft-tabs">
          {MARKET_TABS.map((k) => (
            <Tabs.Tab key={k} title={<span data-testid={`nft-tab-${k}`}>{t(`nft.tabs.${k}`)}</span>} />
          ))}
        </Tabs>
        <div className="ui-tab-body">
          {searchable ? (
            <SearchBox
              key={tab}
              value={keyword}
              onSearch={(q) => change({ q })}
              placeholder={t(tab === 'artists' ? 'nft.search.artists' : 'nft.search.artworks')}
            />
          ) : null}
          {tab === 'artworks' ? (
            <>
              <div className="nft-chips" role="group" aria-label={t('nft.type.label')} data-testid="nft-types">
                {(['all', ...TYPES] as const).map((k) => {
                  const on = (type ?? 'all') === k;
                  return (
                    <button
                      type="button"
                      key={k}
                      className={`nft-chip ${on ? 'on' : ''}`}
                      aria-pressed={on}
                      onClick={() => change({ type: k === 'all' ? null : k })}
                      data-testid={`nft-type-${k}`}
                    >
                      {t(`nft.type.${k}`)}
                    </button>
                  );
                })}
              </div>
              <Artworks key={`${type ?? 'all'}|${keyword}`} type={type} keyword={keyword} />
            </>
          ) : null}
          {tab === 'artists' ? <Artists key={keyword} keyword={keyword} /> : null}
          {tab === 'collections' ? <Collections /> : null}
          {tab === 'boxes' ? <Boxes /> : null}
        </div>
      </div>
    </PageShell>
  );
}
