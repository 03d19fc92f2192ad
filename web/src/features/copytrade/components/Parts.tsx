/** A piece the copy-trading screens share: a trader's state tags (figures, lines and "load more" are the app's own: components/Figures.tsx, components/LoadMore.tsx). */
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { hasRoom, type RoomOf } from '../logic';

/** "Paused" or "Full" when a trader takes no new follower; "Following" when the viewer follows them. */
export function TraderTags({ trader, following }: { trader: RoomOf; following?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="cp-tags">
      {following ? (
        <Tag color="primary" fill="outline">
          {t('copytrade.following')}
        </Tag>
      ) : null}
      {trader.status === 3 ? (
        <Tag color="warning" fill="outline">
          {t('copytrade.paused')}
        </Tag>
      ) : !hasRoom(trader) ? (
        <Tag color="default" fill="outline">
          {t('copytrade.full')}
        </Tag>
      ) : null}
    </span>
  );
}
