/**
 * Unfollowing: a dialog that asks what becomes of the follow's open copies
 * (closed now, or kept as the follower's own), then the call. With no open
 * copy there is nothing to choose: a plain confirmation.
 */
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useCancelFollowMutation, type FollowView } from '../api';

/** The follower's answer: 1 close the copies now, 0 keep them, null changed their mind. */
type Choice = 0 | 1 | null;

export function useUnfollow(): (follow: FollowView) => Promise<boolean> {
  const { t } = useTranslation();
  const [cancel] = useCancelFollowMutation();

  const ask = (follow: FollowView): Promise<Choice> => {
    const title = t('copytrade.unfollowTitle', { name: follow.trader_name });
    if (follow.open_copies === 0) {
      return Dialog.confirm({
        title,
        content: <div data-testid="cp-unfollow-dialog">{t('copytrade.unfollowTextNone')}</div>,
        confirmText: t('copytrade.unfollow'),
        cancelText: t('common.cancel'),
      }).then((ok) => (ok ? 0 : null));
    }
    return new Promise<Choice>((resolve) => {
      let answered = false;
      const answer = (choice: Choice) => {
        if (answered) return;
        answered = true;
        resolve(choice);
        handler.close();
      };
      const handler = Dialog.show({
        title,
        content: <div data-testid="cp-unfollow-dialog">{t('copytrade.unfollowText', { count: follow.open_copies })}</div>,
        closeOnMaskClick: true,
        onClose: () => answer(null),
        actions: [
          { key: 'close', text: t('copytrade.unfollowClose'), danger: true, onClick: () => answer(1) },
          { key: 'keep', text: t('copytrade.unfollowKeep'), bold: true, onClick: () => answer(0) },
          { key: 'cancel', text: t('common.cancel'), onClick: () => answer(null) },
        ],
      });
    });
  };

  return async (follow) => {
    const choice = await ask(follow);
    if (choice === null) return false;
    try {
      await cancel({ id: follow.id, close: choice }).unwrap();
      showToast(t('copytrade.unfollowed'), 'success');
      return true;
    } catch {
      // The server's reason was shown by the base query.
      return false;
    }
  };
}
