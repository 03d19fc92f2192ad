/**
 * What a page about one coin shows when its address names none (a bookmark,
 * a link cut short): the choice of the coin instead of an error. Picking one
 * replaces the address with the page for that coin, so back does not come
 * here again.
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Coin } from '../../../components/FundsApi';
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
}

export function CoinChoice({ title, subtitle, backTo, to, fits, networks, right }: Props) {
  const navigate = useNavigate();
  return (
    <PageShell backTo={backTo} className="funds" right={right}>
      <PageHeading title={title} subtitle={subtitle} />
      <CoinPicker fits={fits} networks={networks} onPick={(c) => navigate(to(c), { replace: true })} />
    </PageShell>
  );
}
