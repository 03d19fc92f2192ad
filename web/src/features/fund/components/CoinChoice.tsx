/**
 * What a page about one coin shows when its address names none (a bookmark,
 * a link cut short) or names a coin that does not exist (an old or mistyped
 * link): the choice of the coin instead of an error, with a line saying the
 * coin was not found in the second case. Picking one replaces the address with
 * the page for that coin, so back does not come here again.
 */
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Coin } from '../../../shared/funds/api';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { CoinPicker } from './CoinPicker';

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Where back goes when the page was opened directly. */
  backTo: string;
  /** The address of the page for a coin. */
  to: (coin: Coin) => string;
  fits?: (coin: Coin) => boolean;
  networks?: boolean;
  right?: ReactNode;
  /** The address named a coin that does not exist: say so above the choice. */
  notFound?: boolean;
}

export function CoinChoice({ title, subtitle, backTo, to, fits, networks, right, notFound = false }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageShell backTo={backTo} className="funds" right={right}>
      <PageHeading title={title} subtitle={subtitle} />
      {notFound ? (
        <div className="funds-banner funds-banner-static" role="status" data-testid="coin-not-found">
          <ExclamationCircleOutline />
          <span>{t('fund.picker.notFound')}</span>
        </div>
      ) : null}
      <CoinPicker fits={fits} networks={networks} onPick={(c) => navigate(to(c), { replace: true })} />
    </PageShell>
  );
}
