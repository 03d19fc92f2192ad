/** The K-line period switcher: 1 min to 1 month. */
import { useTranslation } from 'react-i18next';
import { PERIODS, type Period } from '../kline';

export function PeriodTabs({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { t } = useTranslation();
  return (
    <div className="period-tabs" role="tablist" data-testid="period-tabs">
      {PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          role="tab"
          aria-selected={p === value}
          className={p === value ? 'active' : ''}
          onClick={() => onChange(p)}
          data-period={p}
        >
          {t(`trade.period.${p}`)}
        </button>
      ))}
    </div>
  );
}
