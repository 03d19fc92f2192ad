/** Settings: profile, security, messages, invite, language, fiat, help pages, log in or out. */
import { Badge, Button, Dialog, List, Picker, Popup } from 'antd-mobile';
import {
  CheckOutline,
  BankcardOutline,
  BellOutline,
  ContentOutline,
  ScanningFaceOutline,
  UserSetOutline,
  FileOutline,
  GlobalOutline,
  InformationCircleOutline,
  LockOutline,
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  CheckShieldOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Avatar } from '../../../components/Avatar';
import { useGetRealStateQuery } from '../../../shared/funds/api';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { PageShell } from '../../../components/PageShell';
import { useGetRateCurrencyQuery, useGetUnreadCountQuery, useLogoutMutation } from '../../../lib/api';
import { endingSessionHere } from '../../../lib/socket';
import { APP_VERSION, ROUTES, type Lang } from '../../../lib/constants';
import { maskAccount } from '../../../lib/format';
import { LANGUAGE_OPTIONS } from '../../../lib/languages';
import { fiatChanged, langChanged, selectFiat, selectLang, selectToken, selectUser } from '../../../lib/session';
import { showToast } from '../../../lib/toast';

export default function SettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectUser);
  const lang = useAppSelector(selectLang);
  const fiat = useAppSelector(selectFiat);
  const { data: unread } = useGetUnreadCountQuery(undefined, { skip: !token });
  const [fiatOpen, setFiatOpen] = useState(false);
  const [langOpen, setLangOpen] = useState(false);
  const rates = useGetRateCurrencyQuery(undefined, { skip: !fiatOpen });
  const real = useGetRealStateQuery(undefined, { skip: !token });
  const realLevel = real.data?.level ?? 0;
  const realPending = real.data ? real.data.level1.state === 1 || real.data.level2.state === 1 : false;
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();

  const confirmLogout = async () => {
    const ok = await Dialog.confirm({
      content: t('setting.logoutConfirm'),
      confirmText: t('setting.logout'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    // Logging out ends this session on the server too: its session_ended is ours.
    const undo = endingSessionHere();
    await logout()
      .unwrap()
      .catch(() => undefined)
      .finally(undo);
    showToast(t('setting.loggedOut'), 'success');
  };

  const fiatColumns = [
    (rates.data ?? []).map((r) => ({ label: `${r.currency_code} (${r.symbol})`, value: r.currency_code })),
  ];

  return (
    <PageShell backTo={ROUTES.home}>
      {token ? (
        <button type="button" className="profile-card" onClick={() => navigate(ROUTES.userInfo)} data-testid="profile-card">
          <Avatar src={user?.head_portrait} size={56} />
          <span className="profile-text">
            <span className="profile-name ellipsis" data-testid="profile-name">
              {user?.nickname || maskAccount(user?.account) || t('setting.noNickname')}
            </span>
            <span className="profile-sub ellipsis">
              {t('setting.uid', { id: user?.id ?? '--' })} · {maskAccount(user?.account)}
            </span>
          </span>
        </button>
      ) : (
        <button type="button" className="profile-card visitor" onClick={() => navigate(ROUTES.login)} data-testid="visitor-card">
          <Avatar size={56} />
          <span className="profile-text">
            <span className="profile-name">{t('setting.welcome')}</span>
            <span className="profile-sub">{t('setting.visitorHint')}</span>
          </span>
        </button>
      )}

      {token ? (
        <List className="card-list" header={t('setting.account')}>
          <List.Item prefix={<LockOutline />} onClick={() => navigate(ROUTES.security)} data-testid="to-security">
            {t('security.title')}
          </List.Item>
          <List.Item
            prefix={<BellOutline />}
            onClick={() => navigate(ROUTES.message)}
            extra={unread ? <Badge content={String(unread)} /> : null}
            data-testid="to-message"
          >
            {t('message.title')}
          </List.Item>
          <List.Item prefix={<UserAddOutline />} onClick={() => navigate(ROUTES.share)} data-testid="to-share">
            {t('share.title')}
          </List.Item>
        </List>
      ) : null}

      {token ? (
        <List className="card-list" header={t('fundHome.setting.funds')}>
          <List.Item
            prefix={<ScanningFaceOutline />}
            onClick={() => navigate(FUNDS_ROUTES.real)}
            extra={
              real.data ? (
                <span className="list-extra ellipsis">
                  {realPending
                    ? t('fundHome.setting.verifying')
                    : realLevel > 0
                      ? t('fundHome.setting.verifiedLevel', { level: realLevel })
                      : t('fundHome.setting.notVerified')}
                </span>
              ) : null
            }
            data-testid="to-real"
          >
            {t('fundHome.setting.identity')}
          </List.Item>
          <List.Item prefix={<ContentOutline />} onClick={() => navigate(FUNDS_ROUTES.wallet)} data-testid="to-wallet">
            {t('fundHome.setting.wallet')}
          </List.Item>
          <List.Item prefix={<BankcardOutline />} onClick={() => navigate(FUNDS_ROUTES.bank)} data-testid="to-bank">
            {t('fundHome.setting.bank')}
          </List.Item>
          <List.Item prefix={<GlobalOutline />} onClick={() => navigate(FUNDS_ROUTES.bankInternational)} data-testid="to-bank-international">
            {t('fundHome.setting.bankInternational')}
          </List.Item>
          {user?.role === 'admin' ? (
            <List.Item prefix={<UserSetOutline />} onClick={() => navigate(FUNDS_ROUTES.admin)} data-testid="to-admin">
              {t('fundHome.setting.admin')}
            </List.Item>
          ) : null}
        </List>
      ) : null}

      <List className="card-list" header={t('setting.preferences')}>
        <List.Item
          prefix={<GlobalOutline />}
          extra={<span className="ellipsis list-extra">{t(`lang.${lang}`)}</span>}
          onClick={() => setLangOpen(true)}
          data-testid="to-language"
        >
          {t('setting.language')}
        </List.Item>
        <List.Item
          prefix={<PayCircleOutline />}
          extra={<span className="list-extra">{`${fiat.currency_code} (${fiat.symbol})`}</span>}
          onClick={() => setFiatOpen(true)}
          data-testid="to-fiat"
        >
          {t('setting.fiat')}
        </List.Item>
      </List>

      <List className="card-list" header={t('setting.help')}>
        <List.Item prefix={<QuestionCircleOutline />} onClick={() => navigate(ROUTES.faq)} data-testid="to-faq">
          {t('faq.title')}
        </List.Item>
        <List.Item prefix={<InformationCircleOutline />} onClick={() => navigate(ROUTES.aboutus)}>
          {t('setting.aboutUs')}
        </List.Item>
        <List.Item prefix={<MessageOutline />} onClick={() => navigate(ROUTES.contactus)}>
          {t('setting.contactUs')}
        </List.Item>
        <List.Item prefix={<FileOutline />} onClick={() => navigate(ROUTES.whiteBook)}>
          {t('menu.whitepaper')}
        </List.Item>
        <List.Item prefix={<CheckShieldOutline />} onClick={() => navigate(ROUTES.compliance)}>
          {t('setting.compliance')}
        </List.Item>
        <List.Item extra={<span className="list-extra">{APP_VERSION}</span>} arrow={false}>
          {t('setting.version')}
        </List.Item>
      </List>

      <div className="page-actions">
        {token ? (
          <Button block shape="rounded" size="large" className="danger-button" onClick={confirmLogout} disabled={loggingOut} data-testid="logout">
            {t('setting.logout')}
          </Button>
        ) : (
          <Button block shape="rounded" size="large" color="primary" onClick={() => navigate(ROUTES.login)}>
            {t('auth.loginOrRegister')}
          </Button>
        )}
      </div>

      {/* A list where one tap chooses: nine languages on a wheel asked for a
          scroll, a tap that did nothing and a confirm. */}
      <Popup visible={langOpen} onMaskClick={() => setLangOpen(false)} bodyClassName="lang-sheet">
        <List header={t('setting.language')} data-testid="lang-list">
          {LANGUAGE_OPTIONS.map((o) => (
            <List.Item
              key={o.code}
              arrow={false}
              extra={o.code === lang ? <CheckOutline className="lang-check" /> : null}
              onClick={() => {
                setLangOpen(false);
                if (o.code !== lang) dispatch(langChanged(o.code as Lang));
              }}
              aria-selected={o.code === lang}
              data-testid={`lang-option-${o.code}`}
            >
              {t(o.labelKey)}
            </List.Item>
          ))}
        </List>
      </Popup>
      <Picker
        visible={fiatOpen}
        loading={rates.isLoading}
        onClose={() => setFiatOpen(false)}
        title={t('setting.fiat')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        columns={fiatColumns}
        value={[fiat.currency_code]}
        onConfirm={(v) => {
          const row = rates.data?.find((r) => r.currency_code === v[0]);
          if (row) dispatch(fiatChanged({ ...row, saveTime: Date.now() }));
        }}
      />
    </PageShell>
  );
}
