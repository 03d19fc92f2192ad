/** One of the caller's follows: the terms, what it made and shared, its open copies, and what can be done with it. */
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Line } from '../../../components/Figures';
import { formatDateTime, PLACEHOLDER, trendColor } from '../../../lib/format';
import { COPY_ROUTES, traderRoute } from '../../../shared/copytrade/routes';
import type { FollowView } from '../api';
import { useCopyFigures } from '../figures';
import { endReasonKey, followRoute, followStateKey, percentText } from '../logic';
import { useUnfollow } from './useUnfollow';

export function FollowCard({ follow }: { follow: FollowView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { money, profit, coin } = useCopyFigures();
  const unfollow = useUnfollow();
  const state = followStateKey(follow.status);
  const ended = state === 'ended';
  const reason = endReasonKey(follow.end_reason);
  const ratio = (v: string | null) => (v === null ? PLACEHOLDER : percentText(v, { sign: false }));
  return (
    <article className="ui-card cp-item" data-testid={ended ? 'cp-follow-ended' : 'cp-follow-current'} data-id={follow.id}>
      <div className="cp-item-head">
        <button type="button" className="cp-item-title ellipsis" onClick={() => navigate(traderRoute(follow.trader_id))} data-testid="cp-follow-trader">
          {follow.trader_name}
        </button>
        <Tag color={ended ? 'default' : 'primary'} fill="outline">
          {t(`copytrade.my.state.${state}`)}
        </Tag>
      </div>
      <div className="cp-item-realised">
        <span className="ui-figure-label">{`${t('copytrade.my.realised')} (${coin})`}</span>
        <strong style={{ color: trendColor(follow.realised) }} data-testid="cp-follow-realised">
          {profit(follow.realised)}
        </strong>
      </div>
      <Line label={t('copytrade.my.mode')}>
        {follow.mode === 2 ? t('copytrade.my.modeLots', { value: follow.amount }) : t('copytrade.my.modeMultiple', { value: follow.amount })}
      </Line>
      <Line label={t('copytrade.my.maxMargin')}>
        {money(follow.max_margin)} {coin}
      </Line>
      <Line label={t('copytrade.my.shared')}>
        {money(follow.shared)} {coin}
        {follow.owed && follow.owed !== '0' ? ` (${t('copytrade.my.owed')} ${money(follow.owed)})` : ''}
      </Line>
      <Line label={t('copytrade.my.openCopies')} testId="cp-follow-open">
        {follow.open_copies}
      </Line>
      {follow.tp_ratio !== null || follow.sl_ratio !== null ? (
        <Line label={t('copytrade.my.tpsl')}>
          {ratio(follow.tp_ratio)} / {ratio(follow.sl_ratio)}
        </Line>
      ) : null}
      {follow.stop_loss !== null ? (
        <Line label={t('copytrade.my.stopLoss')}>
          {money(follow.stop_loss)} {coin}
        </Line>
      ) : null}
      <Line label={t('copytrade.my.started')}>{formatDateTime(follow.created_at)}</Line>
      {ended ? <Line label={t('copytrade.my.ended')}>{formatDateTime(follow.ended_at)}</Line> : null}
      {reason ? (
        <Line label={t('copytrade.my.endReason')} testId="cp-follow-reason">
          {t(`copytrade.${reason}`)}
        </Line>
      ) : null}
      <div className="ui-actions">
        <Button size="small" shape="rounded" onClick={() => navigate(`${COPY_ROUTES.receipts}?follow_id=${follow.id}`)} data-testid="cp-follow-receipts">
          {t('copytrade.my.receipts')}
        </Button>
        {ended ? null : (
          <>
            <Button size="small" shape="rounded" onClick={() => navigate(followRoute(follow.trader_id, follow.id))} data-testid="cp-follow-edit">
              {t('copytrade.edit')}
            </Button>
            <Button size="small" shape="rounded" color="danger" fill="outline" onClick={() => void unfollow(follow)} data-testid="cp-follow-unfollow">
              {t('copytrade.unfollow')}
            </Button>
          </>
        )}
      </div>
    </article>
  );
}
