/**
 * Total asset equivalent in the chosen fiat: the wallet's total in USDT times
 * the fiat's rate (0 for visitors), with deposit and withdraw shortcuts.
 */
import { Button } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { useGetWalletListQuery } from '../../../shared/funds/api';
import { useFiat } from '../../../shared/funds/fiat';
import { selectRoute } from '../../../shared/funds/routes';
import { ROUTES } from '../../../lib/constants';
import { formatFiat } from '../../../lib/format';
import { selectToken } from '../../../lib/session';

export function AssetCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fiat = useFiat();
  const token = useAppSelector(selectToken);
  const [hidden, setHidden] = useState(false);
  const wallet = useGetWalletListQuery(undefined, { skip: !token, refetchOnMountOrArgChange: true });
  // Visitors hold nothing; a user's total shows once the wallet answered.
  const totalUsd = token ? wallet.data?.total_usdt : '0';

  return (
    <section className="asset-card" data-testid="asset-card">
      <div className="asset-label">
        <span className="ellipsis">{t('home.totalAssets', { fiat: fiat.currency_code })}</span>
        <button type="button" className="icon-button small" onClick={() => setHidden((h) => !h)} aria-label={t('home.toggleAmount')}>
          {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
        </button>
      </div>
      <div className="asset-value" data-testid="total-assets" data-live>
        {hidden ? '******' : totalUsd !== undefined ? `≈ ${formatFiat(totalUsd, fiat)}` : '≈ --'}
      </div>
      <div className="asset-actions">
        {token ? (
          <>
            <Button size="small" color="primary" shape="rounded" onClick={() => navigate(selectRoute('recharge'))} data-testid="home-deposit">
              {t('menu.recharge')}
            </Button>
            <Button size="small" fill="outline" shape="rounded" onClick={() => navigate(selectRoute('withdraw'))} data-testid="home-withdraw">
              {t('menu.withdraw')}
            </Button>
          </>
        ) : (
          <>
            <Button size="small" color="primary" shape="rounded" onClick={() => navigate(ROUTES.login)}>
              {t('auth.login')}
            </Button>
            <Button size="small" fill="outline" shape="rounded" onClick={() => navigate(ROUTES.register)}>
              {t('auth.register')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
