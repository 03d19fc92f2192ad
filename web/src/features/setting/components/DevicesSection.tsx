/**
 * The devices signed in to the account, on the security screen: each with its
 * browser and system, the coarse address it signed in from and when it was
 * last active, this device marked. Any other device can be logged out, one at
 * a time or all at once, after a confirmation; a logged-out device's token
 * stops working and its live connection closes.
 */
import { Button, Dialog, List, Tag } from 'antd-mobile';
import { GlobalOutline, PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { QueryBlock } from '../../../components/QueryBlock';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import {
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useGetSessionsQuery,
  type DeviceSession,
} from '../api';
import './devices.css';

/** "Chrome · Android", with words for what the user agent did not say. */
export function deviceName(s: DeviceSession, t: (key: string) => string): string {
  return `${s.browser || t('devices.unknownBrowser')} · ${s.os || t('devices.unknownSystem')}`;
}

export function DevicesSection() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useGetSessionsQuery();
  const [endOne, { isLoading: endingOne }] = useEndSessionMutation();
  const [endOthers, { isLoading: endingOthers }] = useEndOtherSessionsMutation();
  const sessions = data ?? [];
  const others = sessions.filter((s) => !s.current).length;

  const confirm = (content: string, confirmText: string) =>
    Dialog.confirm({
      content: <div data-testid="devices-confirm">{content}</div>,
      confirmText,
      cancelText: t('common.cancel'),
    });

  const logOut = async (s: DeviceSession) => {
    if (!(await confirm(t('devices.confirmOne', { device: deviceName(s, t) }), t('devices.logOut')))) return;
    try {
      const done = await endOne(s.id).unwrap();
      showToast(t('devices.ended', { count: done.ended }), 'success');
    } catch {
      // Told by the base query.
    }
  };

  const logOutOthers = async () => {
    if (!(await confirm(t('devices.confirmOthers'), t('devices.logOut')))) return;
    try {
      const done = await endOthers().unwrap();
      showToast(t('devices.ended', { count: done.ended }), 'success');
    } catch {
      // Told by the base query.
    }
  };

  return (
    <section className="section" data-testid="devices">
      <h2 className="section-title">{t('devices.title')}</h2>
      <p className="hint devices-hint">{t('devices.hint')}</p>
      <QueryBlock
        isLoading={isLoading}
        isError={isError}
        onRetry={() => void refetch()}
        empty={sessions.length === 0}
        emptyTitle={t('devices.empty')}
        lines={3}
      >
        <List className="card-list" data-testid="devices-list">
          {sessions.map((s) => (
            <List.Item
              key={s.id}
              data-testid="device"
              data-current={s.current ? 'true' : 'false'}
              prefix={s.mobile ? <PhoneFill /> : <GlobalOutline />}
              description={
                <>
                  <div>{t('devices.from', { ip: s.ip || t('devices.unknownPlace') })}</div>
                  <div>{t('devices.lastSeen', { time: formatDateTime(s.last_seen_at) })}</div>
                  <div>{t('devices.signedIn', { time: formatDateTime(s.created_at) })}</div>
                </>
              }
              extra={
                s.current ? (
                  <Tag color="success" fill="outline">
                    {t('devices.thisDevice')}
                  </Tag>
                ) : (
                  <Button
                    className="devices-log-out"
                    size="small"
                    fill="outline"
                    disabled={endingOne}
                    onClick={() => void logOut(s)}
                    data-testid="device-log-out"
                  >
                    {t('devices.logOut')}
                  </Button>
                )
              }
            >
              {deviceName(s, t)}
            </List.Item>
          ))}
        </List>
        {others > 0 ? (
          <Button
            block
            color="danger"
            fill="outline"
            className="devices-log-out-others"
            loading={endingOthers}
            onClick={() => void logOutOthers()}
            data-testid="devices-log-out-others"
          >
            {t('devices.logOutOthers')}
          </Button>
        ) : (
          <p className="hint" data-testid="devices-only-this">
            {t('devices.onlyThis')}
          </p>
        )}
      </QueryBlock>
    </section>
  );
}
