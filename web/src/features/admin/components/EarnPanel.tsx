/**
 * Lock-up mining for the admin: each coin's yield reserve against the yield
 * its open orders may still be paid (coverage in warning colours below
 * 100 %), with a funding form; and every product, closed ones too, with its
 * terms, quota, holders, state and next accrual, each editable, and a form
 * for a new one (components/EarnForms.tsx); and the token sales (IEO),
 * each with its state, demand against supply and times, an ended one
 * reviewed and credited here, with a form for a new sale
 * (components/IeoSaleForm.tsx).
 */
import { Button, Dialog, Popup } from 'antd-mobile';
import { AddOutline, CheckCircleFill, EditSOutline, ExclamationCircleFill } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryBlock } from '../../../components/QueryBlock';
import { formatDateTime, formatDecimal, formatPercent } from '../../../lib/format';
import { StatusTag, type StatusTone } from '../../../shared/funds/StatusTag';
import { showToast } from '../../../lib/toast';
import type { Project } from '../../../shared/ieo/types';
import { rangeText, rateText } from '../../../shared/lock/rates';
import type { LockProduct, LockReserve } from '../../../shared/lock/types';
import { useCreditIeoProjectMutation, useGetEarnReservesQuery, useGetIeoProjectsQuery, useGetLockProductsQuery } from '../api';
import { coverageLow, productState, type ProductState } from '../earn';
import { awaitsReview, saleState, type SaleState } from '../ieo';
import { FundEditor, ProductEditor } from './EarnForms';
import { SaleEditor } from './IeoSaleForm';
import '../earn.css';

const STATE_TONES: Record<ProductState, StatusTone> = { open: 'success', full: 'muted', uncovered: 'danger', disabled: 'muted' };
const SALE_TONES: Record<SaleState, StatusTone> = { warmup: 'muted', live: 'success', ended: 'danger', credited: 'muted' };
/** The sales the panel lists (newest first). */
const SALES_LIMIT = 50;

/** "1,000.5 ETH": an amount as the admin must see it, every digit it has. */
const coinAmount = (value: string, coin: string) => `${formatDecimal(value)} ${coin}`;

/** A coverage percent, in warning colours (with a sign) below 100 %; a dash when nothing is promised. */
function Coverage({ value }: { value: string | null }) {
  const { t } = useTranslation();
  if (value === null) return <span className="earn-muted">{t('admin.earn.noPromise')}</span>;
  const low = coverageLow(value);
  return (
    <span className={`earn-coverage ${low ? 'low' : ''}`} data-testid="admin-earn-coverage" data-low={low}>
      {low ? <ExclamationCircleFill aria-label={t('admin.earn.coverageLow')} /> : null}
      {formatPercent(value, 2, { trim: true })}
    </span>
  );
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="earn-figure" data-testid={testId}>
      <span>{label}</span>
      <strong>{children}</strong>
    </div>
  );
}

function ReserveRow({ reserve }: { reserve: LockReserve }) {
  const { t } = useTranslation();
  return (
    <div className={`earn-reserve ${coverageLow(reserve.coverage) ? 'low' : ''}`} data-testid="admin-earn-reserve" data-currency={reserve.currency}>
      <div className="earn-reserve-head">
        <strong>{reserve.currency}</strong>
        <Coverage value={reserve.coverage} />
      </div>
      <div className="earn-figures">
        <Figure label={t('admin.earn.reserve')} testId="admin-earn-reserve-amount">
          {coinAmount(reserve.reserve, reserve.currency)}
        </Figure>
        <Figure label={t('admin.earn.promised')}>{coinAmount(reserve.promised, reserve.currency)}</Figure>
      </div>
    </div>
  );
}

function Reserves({ onFund }: { onFund: () => void }) {
  const { t } = useTranslation();
  const list = useGetEarnReservesQuery(undefined, { refetchOnMountOrArgChange: true });
  const reserves = list.data ?? [];
  return (
    <section className="card earn-section" data-testid="admin-earn-reserves">
      <header className="earn-section-head">
        <h2 className="admin-subtitle">{t('admin.earn.reservesTitle')}</h2>
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={onFund} data-testid="admin-earn-fund">
          {t('admin.earn.fund.open')}
        </Button>
      </header>
      <p className="hint earn-hint">{t('admin.earn.reservesHint')}</p>
      <QueryBlock
        isLoading={list.isLoading}
        isError={list.isError && !list.data}
        onRetry={list.refetch}
        empty={reserves.length === 0}
        emptyTitle={t('admin.earn.reservesEmpty')}
        lines={2}
      >
        {reserves.map((r) => (
          <ReserveRow key={r.currency_id} reserve={r} />
        ))}
      </QueryBlock>
    </section>
  );
}

function ProductCard({ product: p, onEdit }: { product: LockProduct; onEdit: () => void }) {
  const { t } = useTranslation();
  const state = productState(p);
  return (
    <article className={`funds-item earn-product ${state}`} data-testid="admin-earn-product" data-id={p.id} data-state={state}>
      <header className="funds-item-head">
        <strong className="ellipsis" data-testid="admin-earn-product-name">
          {p.name}
        </strong>
        <StatusTag tone={STATE_TONES[state]}>{t(`admin.earn.state.${state}`)}</StatusTag>
      </header>
      <div className="earn-meta">
        <span className="earn-badge">{t(`admin.earn.category.${p.category}`, { defaultValue: p.category })}</span>
        <span className="earn-coin">{p.currency}</span>
        <span className="earn-muted">#{p.id}</span>
      </div>
      <div className="earn-range">
        <span className="earn-muted">{t('admin.earn.range')}</span>
        <strong data-testid="admin-earn-product-range">
          {rangeText(p.rate_min, p.rate_max)}
        </strong>
        {p.today_rate !== null ? <span className="earn-muted">{t('admin.earn.today', { rate: rateText(p.today_rate) })}</span> : null}
      </div>
      <div className="earn-figures">
        <Figure label={t('admin.earn.days')}>{t('admin.earn.daysValue', { count: p.days })}</Figure>
        <Figure label={t('admin.earn.minAmount')}>{coinAmount(p.min_amount, p.currency)}</Figure>
        <Figure label={t('admin.earn.userCap')}>{coinAmount(p.user_cap, p.currency)}</Figure>
        <Figure label={t('admin.earn.totalCap')}>{coinAmount(p.total_cap, p.currency)}</Figure>
        <Figure label={t('admin.earn.locked')}>{coinAmount(p.total_locked, p.currency)}</Figure>
        <Figure label={t('admin.earn.remaining')}>{coinAmount(p.remaining, p.currency)}</Figure>
        <Figure label={t('admin.earn.holders')}>{formatDecimal(p.holders)}</Figure>
        <Figure label={t('admin.earn.penalty')}>{rateText(p.penalty_rate)}</Figure>
        <Figure label={t('admin.earn.coverage')}>
          <Coverage value={p.coverage} />
        </Figure>
        <Figure label={t('admin.earn.nextAccrual')}>{formatDateTime(p.next_accrual_at)}</Figure>
      </div>
      {state === 'uncovered' ? <p className="earn-note">{t('admin.earn.uncoveredHint', { coin: p.currency })}</p> : null}
      <div className="funds-item-actions">
        <Button size="small" shape="rounded" onClick={onEdit} data-testid="admin-earn-edit">
          <EditSOutline /> {t('admin.earn.edit')}
        </Button>
      </div>
    </article>
  );
}

function Products({ onEdit, onNew }: { onEdit: (p: LockProduct) => void; onNew: () => void }) {
  const { t } = useTranslation();
  const list = useGetLockProductsQuery(undefined, { refetchOnMountOrArgChange: true });
  const products = list.data ?? [];
  return (
    <section className="earn-section" data-testid="admin-earn-products">
      <header className="earn-section-head">
        <h2 className="admin-subtitle">{t('admin.earn.productsTitle')}</h2>
        <Button size="small" shape="rounded" color="primary" onClick={onNew} data-testid="admin-earn-new">
          <AddOutline /> {t('admin.earn.newProduct')}
        </Button>
      </header>
      <QueryBlock
        isLoading={list.isLoading}
        isError={list.isError && !list.data}
        onRetry={list.refetch}
        empty={products.length === 0}
        emptyTitle={t('admin.earn.productsEmpty')}
      >
        {products.map((p) => (
          <ProductCard key={p.id} product={p} onEdit={() => onEdit(p)} />
        ))}
      </QueryBlock>
    </section>
  );
}

function SaleCard({ sale: p }: { sale: Project }) {
  const { t } = useTranslation();
  const [credit, { isLoading }] = useCreditIeoProjectMutation();
  const state = saleState(p);
  const ratio = p.allocation_ratio === null ? null : formatPercent(p.allocation_ratio, 2, { trim: true });
  const onCredit = async () => {
    const ok = await Dialog.confirm({
      title: t('admin.earn.ieo.creditTitle', { name: p.name }),
      content: (
        <span data-testid="admin-ieo-credit-confirm">
          {t('admin.earn.ieo.creditConfirm', { ratio: ratio ?? '--', subscribers: formatDecimal(p.subscribers), token: p.token })}
        </span>
      ),
      confirmText: t('admin.earn.ieo.credit'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await credit({ id: p.id }).unwrap();
      showToast(t('admin.earn.ieo.credited', { name: p.name }), 'success');
    } catch {
      // Told by the admin fetch; the list refetches on the next change.
    }
  };
  return (
    <article className={`funds-item earn-product earn-sale ${state}`} data-testid="admin-ieo-sale" data-id={p.id} data-status={p.status}>
      <header className="funds-item-head">
        <strong className="ellipsis" data-testid="admin-ieo-sale-name">
          {p.name}
        </strong>
        <StatusTag tone={SALE_TONES[state]}>{t(`admin.earn.ieo.state.${state}`)}</StatusTag>
      </header>
      <div className="earn-meta">
        <span className="earn-coin">{p.token}</span>
        <span className="earn-badge">{t('admin.earn.ieo.paidIn', { coin: p.pay_currency })}</span>
        <span className="earn-muted">#{p.id}</span>
      </div>
      <div className="earn-range">
        <span className="earn-muted">{t('admin.earn.ieo.subscribedOf')}</span>
        <strong data-testid="admin-ieo-sale-progress">{formatPercent(p.oversubscribed, 2, { trim: true })}</strong>
        <span className="earn-muted">
          {formatDecimal(p.subscribed)} / {coinAmount(p.supply, p.token)}
        </span>
      </div>
      <div className="earn-figures">
        <Figure label={t('admin.earn.ieo.price')}>{coinAmount(p.price, p.pay_currency)}</Figure>
        <Figure label={t('admin.earn.ieo.subscribers')}>{formatDecimal(p.subscribers)}</Figure>
        <Figure label={t('admin.earn.ieo.userCap')}>{coinAmount(p.user_cap, p.token)}</Figure>
        <Figure label={t('admin.earn.minAmount')}>{coinAmount(p.min_amount, p.token)}</Figure>
        {ratio !== null ? (
          <Figure label={t('admin.earn.ieo.ratio')} testId="admin-ieo-sale-ratio">
            {ratio}
          </Figure>
        ) : null}
        <Figure label={t('admin.earn.ieo.release')}>{t('admin.earn.ieo.releaseValue', { cycles: p.cycles, days: p.cycle_days })}</Figure>
        <Figure label={t('admin.earn.ieo.startsAt')}>{formatDateTime(p.starts_at)}</Figure>
        <Figure label={t('admin.earn.ieo.endsAt')}>{formatDateTime(p.ends_at)}</Figure>
        <Figure label={t('admin.earn.ieo.lockEndsAt')}>{formatDateTime(p.lock_ends_at)}</Figure>
      </div>
      {awaitsReview(p) ? (
        <>
          <p className="earn-note">{t('admin.earn.ieo.reviewHint')}</p>
          <div className="funds-item-actions">
            <Button size="small" shape="rounded" color="primary" loading={isLoading} onClick={() => void onCredit()} data-testid="admin-ieo-credit">
              {t('admin.earn.ieo.review')}
            </Button>
          </div>
        </>
      ) : null}
      {p.status === 3 ? (
        <p className="earn-done" data-testid="admin-ieo-sale-credited">
          <CheckCircleFill /> {t('admin.earn.ieo.creditedNote')}
        </p>
      ) : null}
    </article>
  );
}

function Sales({ onNew }: { onNew: () => void }) {
  const { t } = useTranslation();
  const list = useGetIeoProjectsQuery({ page: 1, limit: SALES_LIMIT }, { refetchOnMountOrArgChange: true });
  const sales = list.data?.data ?? [];
  return (
    <section className="earn-section" data-testid="admin-ieo-sales">
      <header className="earn-section-head">
        <h2 className="admin-subtitle">{t('admin.earn.ieo.title')}</h2>
        <Button size="small" shape="rounded" color="primary" onClick={onNew} data-testid="admin-ieo-new">
          <AddOutline /> {t('admin.earn.ieo.newSale')}
        </Button>
      </header>
      <QueryBlock
        isLoading={list.isLoading}
        isError={list.isError && !list.data}
        onRetry={list.refetch}
        empty={sales.length === 0}
        emptyTitle={t('admin.earn.ieo.empty')}
      >
        {sales.map((p) => (
          <SaleCard key={p.id} sale={p} />
        ))}
      </QueryBlock>
    </section>
  );
}

export function EarnPanel() {
  const [funding, setFunding] = useState(false);
  const [editing, setEditing] = useState<LockProduct | 'new' | null>(null);
  const [newSale, setNewSale] = useState(false);
  return (
    <div data-testid="admin-earn">
      <Reserves onFund={() => setFunding(true)} />
      <Products onEdit={setEditing} onNew={() => setEditing('new')} />
      <Sales onNew={() => setNewSale(true)} />
      <Popup visible={funding} onMaskClick={() => setFunding(false)} bodyClassName="message-popup earn-popup" destroyOnClose>
        {funding ? <FundEditor onClose={() => setFunding(false)} /> : null}
      </Popup>
      <Popup visible={editing !== null} onMaskClick={() => setEditing(null)} bodyClassName="message-popup earn-popup tall" destroyOnClose>
        {editing !== null ? <ProductEditor initial={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      </Popup>
      <Popup visible={newSale} onMaskClick={() => setNewSale(false)} bodyClassName="message-popup earn-popup tall" destroyOnClose>
        {newSale ? <SaleEditor onClose={() => setNewSale(false)} /> : null}
      </Popup>
    </div>
  );
}
