/** The quick-entry grid of Home, in the server's order. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorState } from '../../../components/StateBlocks';
import { COPY_ROUTES } from '../../../shared/copytrade/routes';
import { FUNDS_ROUTES, selectRoute } from '../../../shared/funds/routes';
import { lockListRoute } from '../../../shared/lock/routes';
import { NFT_ROUTES } from '../../../shared/nft/routes';
import { ROUTES } from '../../../lib/constants';
import { showToast } from '../../../lib/toast';
import { useGetMenuQuery } from '../api';
import { menuLook } from './menuIcons';

/** Entries the app already has a page for. */
const BUILT: Record<string, string> = {
  recharge: selectRoute('recharge'),
  withdraw: selectRoute('withdraw'),
  bills: FUNDS_ROUTES.assetsAllRecord,
  exchange: FUNDS_ROUTES.convert,
  stock: FUNDS_ROUTES.stockMarket,
  futures: ROUTES.contract,
  copytrade: COPY_ROUTES.list,
  lockming: lockListRoute('lock'),
  defi: lockListRoute('defi'),
  cloudmining: lockListRoute('cloud'),
  financial: ROUTES.financial,
  nft: NFT_ROUTES.market,
  invite: ROUTES.share,
  whitepaper: ROUTES.whiteBook,
};

export function QuickEntries() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useGetMenuQuery();

  if (isLoading) return <div className="quick-grid quick-grid-reserve" aria-hidden="true" aria-busy="true" />;
  if (isError || !data) return <ErrorState onRetry={refetch} />;

  const open = (key: string, enabled: boolean) => {
    const route = BUILT[key];
    if (enabled && route) navigate(route);
    else showToast(t('common.underDevelopment'));
  };

  return (
    <div className="quick-grid" data-testid="quick-grid">
      {data.map((entry) => {
        const look = menuLook(entry.key);
        return (
          <button
            type="button"
            key={entry.key}
            className="quick-item"
            onClick={() => open(entry.key, entry.enabled)}
            data-key={entry.key}
          >
            <span className="quick-icon" style={{ color: look.tint, background: `${look.tint}1f` }}>
              {look.icon}
            </span>
            <span className="quick-label">{t(`menu.${entry.key}`, { defaultValue: entry.key })}</span>
          </button>
        );
      })}
    </div>
  );
}
