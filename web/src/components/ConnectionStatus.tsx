/**
 * The realtime link's state, said in a few words over the top of every
 * screen: "offline" or "reconnecting" while the figures have stopped moving
 * (they are dimmed meanwhile, see styles/app.css `conn-stale`), then "back
 * online" for a moment. A floating pill, so that nothing under it moves when
 * it comes and goes; the live region is always in the page, so that a screen
 * reader hears each change (politely, after what it is reading).
 */
import { useTranslation } from 'react-i18next';
import { useConnection, viewOf } from '../lib/connection';
import './ConnectionStatus.css';

export function ConnectionStatus() {
  const { t } = useTranslation();
  const view = viewOf(useConnection());
  return (
    <div className="conn-status-region" role="status" aria-live="polite" data-testid="conn-status-region">
      {view ? (
        <div className={`conn-status conn-${view}`} data-testid="conn-status" data-state={view}>
          <span className="conn-dot" aria-hidden="true" />
          <span>{t(`conn.${view}`)}</span>
        </div>
      ) : null}
    </div>
  );
}
