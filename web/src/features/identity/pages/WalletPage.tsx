/** Saved withdrawal addresses: each with its coin, label, address and QR picture; delete; add. */
import { Button, Dialog } from 'antd-mobile';
import { AddOutline, DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useGetSavedAddressesQuery } from '../../../shared/funds/api';
import { QueryBlock } from '../../../components/QueryBlock';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { ROUTES } from '../../../lib/constants';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useDeleteAddressMutation } from '../api';
import '../../../shared/funds/styles.css';

export default function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useGetSavedAddressesQuery();
  const [remove, { isLoading: removing }] = useDeleteAddressMutation();

  const onDelete = async (id: number) => {
    const ok = await Dialog.confirm({
      content: t('identity.wallet.deleteConfirm'),
      confirmText: t('identity.wallet.delete'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await remove({ id }).unwrap();
      showToast(t('identity.wallet.deleted'), 'success');
    } catch {
      // Told by the base query.
    }
  };

  return (
    <PageShell backTo={ROUTES.setting} className="funds">
      <PageHeading title={t('identity.wallet.title')} subtitle={t('identity.wallet.subtitle')} />
      <QueryBlock
        isLoading={list.isLoading}
        isError={list.isError && !list.data}
        onRetry={list.refetch}
        empty={(list.data ?? []).length === 0}
        emptyTitle={t('identity.wallet.empty')}
      >
        <ul className="funds-saved-list" data-testid="wallet-list">
          {(list.data ?? []).map((a) => (
            <li key={a.id} className="funds-item" data-testid="wallet-item">
              <header className="funds-item-head">
                <span className="funds-chip">{a.currency_name}</span>
                <strong className="ellipsis">{a.name}</strong>
                <button
                  type="button"
                  className="icon-button small funds-delete"
                  onClick={() => onDelete(a.id)}
                  disabled={removing}
                  aria-label={t('identity.wallet.delete')}
                  data-testid="wallet-delete"
                >
                  <DeleteOutline />
                </button>
              </header>
              <div className="funds-saved-body">
                {a.qrcode ? (
                  <a href={a.qrcode} target="_blank" rel="noreferrer" className="funds-thumb">
                    <img src={a.qrcode} alt={t('identity.wallet.qrcode')} />
                  </a>
                ) : null}
                <div className="funds-saved-text">
                  <span className="funds-break">{a.address}</span>
                  <time>{formatDateTime(a.created_at)}</time>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </QueryBlock>
      <div className="page-actions">
        <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(FUNDS_ROUTES.addWallet)} data-testid="wallet-add">
          <AddOutline /> {t('identity.wallet.add')}
        </Button>
      </div>
    </PageShell>
  );
}
