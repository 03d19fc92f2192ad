/**
 * Root component: antd-mobile configured for the current language, language
 * switching, the 24 h fiat rate refresh, and the user refresh at start.
 */
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import ptBR from 'antd-mobile/es/locales/pt-BR';
import thTH from 'antd-mobile/es/locales/th-TH';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import { useEffect, useRef } from 'react';
import { api, useGetSiteConfigQuery, useGetUserInfoQuery } from '../lib/api';
import type { Lang } from '../lib/constants';
import { fiatChanged, selectFiat, selectLang, selectToken } from '../lib/session';
import { useAppDispatch, useAppSelector } from './hooks';
import { switchLanguage } from './i18n';
import { AppRouter } from './router';

const ANTD_LOCALES: Record<Lang, typeof enUS> = {
  zh: zhCN,
  en: enUS,
  hk: zhHK,
  th: thTH,
  jp: jaJP,
  kor: koKR,
  fra: frFR,
  spa: esES,
  bx: ptBR,
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function App() {
  const dispatch = useAppDispatch();
  const lang = useAppSelector(selectLang);
  const token = useAppSelector(selectToken);
  const fiat = useAppSelector(selectFiat);
  const firstLang = useRef(lang);

  // Refresh the stored user once per start (and after each login).
  useGetUserInfoQuery(undefined, { skip: !token });
  const { data: site } = useGetSiteConfigQuery();

  useEffect(() => {
    if (site?.site_name) document.title = site.site_name;
  }, [site?.site_name]);

  useEffect(() => {
    if (lang === firstLang.current) return;
    firstLang.current = lang;
    void switchLanguage(lang).then(() => dispatch(api.util.invalidateTags(['Lang'])));
  }, [lang, dispatch]);

  // The chosen fiat's rate is refreshed when it is older than a day.
  useEffect(() => {
    if (fiat.currency_code === 'USD' || Date.now() - fiat.saveTime < DAY_MS) return;
    const request = dispatch(api.endpoints.getRateCurrency.initiate(undefined, { subscribe: false, forceRefetch: true }));
    void request.unwrap().then(
      (rows) => {
        const row = rows.find((r) => r.currency_code === fiat.currency_code);
        if (row) dispatch(fiatChanged({ ...row, saveTime: Date.now() }));
      },
      () => undefined,
    );
  }, [dispatch, fiat.currency_code, fiat.saveTime]);

  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]}>
      <AppRouter />
    </ConfigProvider>
  );
}
