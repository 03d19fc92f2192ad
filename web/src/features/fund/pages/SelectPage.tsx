/**
 * Coin picker of a deposit (`action=recharge`) or a withdrawal
 * (`action=withdraw`): the coins that travel on a network, searchable, each
 * with its networks; the records of that action are one tap away.
 */
import { SearchBar } from 'antd-mobile';
import { BillOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGetFundCurrenciesQuery } from '../../../components/FundsApi';
import { FundsCoinIcon } from '../../../components/FundsCoinIcon';
import { FundsQueryBlock } from '../../../components/FundsQueryBlock';
import { FUNDS_ROUTES } from '../../../components/FundsRoutes';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import '../../../components/FundsStyles.css';

export default function SelectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const action = params.get('action') === 'withdraw' ? 'withdraw' : 'recharge';
  const [search, setSearch] = useState('');
  const coins = useGetFundCurrenciesQuery();

  const term = search.trim().toLowerCase();
  const list = (coins.data ?? [])
    .filter((c) => c.status === 1 && c.networks.length > 0)
    .filter((c) => !term || c.name.toLowerCase().includes(term) || c.subName.toLowerCase().includes(term));

  const target = action === 'withdraw' ? FUNDS_ROUTES.withdraw : FUNDS_ROUTES.receive;
  const records = action === 'withdraw' ? FUNDS_ROUTES.withdrawRecord : FUNDS_ROUTES.receiveRecord;

  return (
    <PageShell
      backTo={FUNDS_ROUTES.assets}
      className="funds"
      right={
        <button type="button" className="icon-button" onClick={() => navigate(records)} aria-label={t('fund.records.title')} data-testid="select-records">
          <BillOutline fontSize={22} />
        </button>
      }
    >
      <PageHeading
        title={t(action === 'withdraw' ? 'fund.select.withdrawTitle' : 'fund.select.depositTitle')}
        subtitle={t('fund.select.subtitle')}
      />
      <div className="search-wrap">
        <SearchBar placeholder={t('fund.select.search')} value={search} onChange={setSearch} />
      </div>
      <FundsQueryBlock
        isLoading={coins.isLoading}
        isError={coins.isError && !coins.data}
        onRetry={coins.refetch}
        empty={list.length === 0}
        emptyTitle={t('fund.select.none')}
      >
        <ul className="funds-pick-list" data-testid="select-list">
          {list.map((c) => (
            <li key={c.id}>
              <button type="button" className="funds-pick" onClick={() => navigate(`${target}?currency=${c.id}`)} data-testid={`select-${c.name}`}>
                <FundsCoinIcon src={c.image} name={c.name} size={36} />
                <span className="funds-pick-text">
                  <strong>{c.name}</strong>
                  <span className="ellipsis">{c.subName}</span>
                </span>
                <span className="funds-pick-networks">
                  {c.networks.map((n) => (
                    <span key={n} className="funds-chip">
                      {n}
                    </span>
                  ))}
                </span>
                <RightOutline className="notice-arrow" />
              </button>
            </li>
          ))}
        </ul>
      </FundsQueryBlock>
    </PageShell>
  );
}
