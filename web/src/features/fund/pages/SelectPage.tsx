/**
 * Coin picker of a deposit (`action=recharge`) or a withdrawal
 * (`action=withdraw`): the coins that travel on a network, searchable, each
 * with its networks; the records of that action are one tap away.
 */
import { BillOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { CoinPicker } from '../components/CoinPicker';
import '../../../shared/funds/styles.css';

export default function SelectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const action = params.get('action') === 'withdraw' ? 'withdraw' : 'recharge';
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
      <CoinPicker
        fits={(c) => c.networks.length > 0}
        networks
        onPick={(c) => navigate(`${target}?currency=${c.id}`)}
        testPrefix="select"
      />
    </PageShell>
  );
}
