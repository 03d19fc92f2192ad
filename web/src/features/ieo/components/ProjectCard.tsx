/** A project in the list: its state, countdown, price, supply and progress; tapping opens it. */
import { useTranslation } from 'react-i18next';
import { Figure } from '../../../components/Figures';
import { TapCard } from '../../../components/TapCard';
import type { Project } from '../api';
import { useIeoFigures } from '../figures';
import { Countdown, Progress, StateTag } from './Parts';

export function ProjectCard({ p, offset, onOpen, onElapsed }: { p: Project; offset: number; onOpen: () => void; onElapsed: () => void }) {
  const { t } = useTranslation();
  const { exact } = useIeoFigures();
  return (
    <TapCard onOpen={onOpen} data-testid="ieo-project" data-id={p.id} data-status={p.status}>
      <div className="ieo-project-head">
        <span className="ieo-token-badge" aria-hidden="true">
          {p.token.slice(0, 1)}
        </span>
        <div className="ieo-project-who">
          <strong className="ellipsis" data-testid="ieo-project-name">
            {p.name}
          </strong>
          <span className="hint ellipsis">{p.token}</span>
        </div>
        <StateTag status={p.status} />
      </div>
      {p.intro ? <p className="ieo-intro ieo-clamp">{p.intro}</p> : null}
      <div className="ui-grid">
        <Figure label={t('ieo.price')} testId="ieo-project-price">
          {exact(p.price)} {p.pay_currency}
        </Figure>
        <Figure label={t('ieo.supply')}>
          {exact(p.supply)} {p.token}
        </Figure>
      </div>
      <Progress p={p} exact={exact} />
      <Countdown p={p} offset={offset} onElapsed={onElapsed} />
    </TapCard>
  );
}
