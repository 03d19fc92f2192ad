/**
 * Where a spot order's time goes, stage by stage, over every market since
 * the server started: p50, p99 and the longest, so an operator sees whether
 * orders wait for their market, for the writer, or for the disk.
 */
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format';
import type { StageFigures } from '../api';

/** Milliseconds at a precision that suits their size. */
function ms(value: number): string {
  return formatDecimal(value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0));
}

export function OrderStages({ stages }: { stages: StageFigures[] }) {
  const { t } = useTranslation();
  const total = stages.find((s) => s.stage === 'total');
  return (
    <article className="funds-item health-stages" data-testid="admin-order-stages">
      <header className="funds-item-head">
        <strong>{t('admin.health.stages.title')}</strong>
        <span className="hint">{t('admin.health.stages.orders', { count: total?.count ?? 0 })}</span>
      </header>
      {!total || total.count === 0 ? (
        <p className="hint" data-testid="admin-order-stages-empty">
          {t('admin.health.stages.empty')}
        </p>
      ) : (
        <table className="health-stage-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.health.stages.stage')}</th>
              <th scope="col">p50</th>
              <th scope="col">p99</th>
              <th scope="col">{t('admin.health.stages.max')}</th>
            </tr>
          </thead>
          <tbody>
            {stages.map((s) => (
              <tr key={s.stage} data-testid="admin-order-stage" data-stage={s.stage}>
                <th scope="row">{t(`admin.health.stages.names.${s.stage}`, { defaultValue: s.stage })}</th>
                {s.stage === 'batch' ? (
                  <>
                    <td>{formatDecimal(Math.round(s.p50_ms))}</td>
                    <td>{formatDecimal(Math.round(s.p99_ms))}</td>
                    <td>{formatDecimal(Math.round(s.max_ms))}</td>
                  </>
                ) : (
                  <>
                    <td>{ms(s.p50_ms)}</td>
                    <td>{ms(s.p99_ms)}</td>
                    <td>{ms(s.max_ms)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="hint">{t('admin.health.stages.hint')}</p>
    </article>
  );
}
