/**
 * How dual investment works (invest/help): the rules of "sell high" (call)
 * and "buy low" (put) in plain words, a worked example with numbers for each
 * (computed with the settlement rule of logic.ts, so the page and the orders
 * never disagree), the payoff chart of the example (its value in USDT
 * against the settlement price, the linked price marked), how the settlement
 * price is made, and that it is not capital protected.
 */
import { Button } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { formatDecimal, formatPercent } from '../../../lib/format';
import { NotProtected } from '../components/Parts';
import { aprText, isKind, KINDS, outcomes, periodRate, type Kind, type Terms } from '../logic';
import { INVEST_ROUTES } from '../paths';
import '../../../components/ui.css';
import '../invest.css';

const PayoffChart = lazy(() => import('../components/PayoffChart'));

/** The examples' terms: BTC, 7 days at 36.5 % a year (0.7 % over the period). */
const EXAMPLES: Record<Kind, { terms: Terms; amount: string }> = {
  call: { terms: { kind: 'call', currency: 'BTC', quote: 'USDT', linked_price: '70000', days: 7, apr: '36.5' }, amount: '0.1' },
  put: { terms: { kind: 'put', currency: 'BTC', quote: 'USDT', linked_price: '65000', days: 7, apr: '36.5' }, amount: '7000' },
};

function Example({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { terms, amount } = EXAMPLES[kind];
  const outs = outcomes(terms, amount);
  const invest = kind === 'call' ? terms.currency : terms.quote;
  const values = {
    amount: formatDecimal(amount),
    invest,
    coin: terms.currency,
    quote: terms.quote,
    linked: formatDecimal(terms.linked_price),
    days: terms.days,
    apr: aprText(terms.apr),
    // The period's rate as a percentage of the language ("0.7%", "0,7 %"): the messages add no "%".
    rate: formatPercent(periodRate(terms.days, terms.apr), 4, { trim: true }),
    below: outs ? `${formatDecimal(outs.below.amount)} ${outs.below.currency}` : '--',
    above: outs ? `${formatDecimal(outs.above.amount)} ${outs.above.currency}` : '--',
  };
  return (
    <div className="dual-example" data-testid={`dual-example-${kind}`}>
      <h3>{t('invest.help.exampleTitle')}</h3>
      <p>{t(`invest.help.${kind}.example`, values)}</p>
      <ul>
        <li data-testid={`dual-example-${kind}-below`}>{t(`invest.help.${kind}.exampleBelow`, values)}</li>
        <li data-testid={`dual-example-${kind}-above`}>{t(`invest.help.${kind}.exampleAbove`, values)}</li>
      </ul>
    </div>
  );
}

export default function HelpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const param = params.get('kind');
  const chartKind: Kind = isKind(param) ? param : 'call';
  const example = EXAMPLES[chartKind];

  return (
    <PageShell backTo={INVEST_ROUTES.list} className="ui-page dual-page">
      <PageHeading title={t('invest.help.title')} subtitle={t('invest.help.intro')} />
      <NotProtected />
      {KINDS.map((kind) => (
        <section key={kind} className="ui-card dual-help" data-testid={`dual-help-${kind}`}>
          <h2 className="ui-card-title">{t(`invest.help.${kind}.title`)}</h2>
          <p>{t(`invest.help.${kind}.what`)}</p>
          <ul className="dual-rules">
            <li>{t(`invest.help.${kind}.ruleBelow`)}</li>
            <li>{t(`invest.help.${kind}.ruleAbove`)}</li>
          </ul>
          <p className="hint">{t(`invest.help.${kind}.suits`)}</p>
          <Example kind={kind} />
        </section>
      ))}
      <section className="ui-card dual-help" data-testid="dual-help-chart">
        <h2 className="ui-card-title">{t('invest.help.chartTitle', { quote: example.terms.quote })}</h2>
        <div className="ui-seg" role="radiogroup" aria-label={t('invest.help.chartTitle', { quote: example.terms.quote })}>
          {KINDS.map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={chartKind === k}
              className={chartKind === k ? 'on' : ''}
              onClick={() => setParams({ kind: k }, { replace: true })}
              data-testid={`dual-chart-${k}`}
            >
              {t(`invest.kind.${k}`)}
            </button>
          ))}
        </div>
        <Suspense fallback={<div className="dual-chart" />}>
          <PayoffChart terms={example.terms} amount={example.amount} linkedText={formatDecimal(example.terms.linked_price)} />
        </Suspense>
        <p className="hint ui-note">{t(`invest.help.${chartKind}.chartNote`)}</p>
      </section>
      <section className="ui-card dual-help" data-testid="dual-help-settlement">
        <h2 className="ui-card-title">{t('invest.help.settlementTitle')}</h2>
        <p>{t('invest.help.settlement')}</p>
        <p>{t('invest.help.formula')}</p>
        <p>{t('invest.help.payoutTo')}</p>
      </section>
      <NotProtected />
      <div className="dual-help-actions">
        <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(INVEST_ROUTES.list)} data-testid="dual-help-products">
          {t('invest.help.seeProducts')}
        </Button>
      </div>
    </PageShell>
  );
}
