/**
 * Root component: antd-mobile configured for the current language, language
 * switching, the 24 h fiat rate refresh, the user refresh at start, and the
 * realtime link's indicator over every screen.
 */
import { ConfigProvider } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { ConnectionStatus } from '../components/ConnectionStatus';
import { api, useGetSiteConfigQuery, useGetUserInfoQuery } from '../lib/api';
import { fiatChanged, selectFiat, selectLang, selectToken } from '../lib/session';
import { preloadToast } from '../lib/toast';
import { useAppDispatch, useAppSelector } from './hooks';
import { antdLocaleOf, loadRemainingMessages, switchLanguage } from './i18n';
import { AppRouter } from './router';

const DAY_MS = 24 * 60 * 60 * 1000;

export function App() {
  const dispatch = useAppDispatch();
  const lang = useAppSelector(selectLang);
  const token = useAppSelector(selectToken);
  const fiat = useAppSelector(selectFiat);
  const firstLang = useRef(lang);
  // antd-mobile's strings of the language whose messages are loaded (they switch together).
  const [antdLocale, setAntdLocale] = useState(() => antdLocaleOf(lang));

  // Refresh the stored user once per start (and after each login).
  useGetUserInfoQuery(undefined, { skip: !token });
  const { data: site } = useGetSiteConfigQuery();

  // Started on Home, only the app's own strings were awaited; the features' follow
  // once the first screen is painted (a frame, then a task), not ahead of it, and
  // so does the toast's code (lib/toast.ts), so that a toast shows even offline.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        loadRemainingMessages();
        void preloadToast().catch(() => undefined);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (site?.site_name) document.title = site.site_name;
  }, [site?.site_name]);

  useEffect(() => {
    if (lang === firstLang.current) return;
    firstLang.current = lang;
    void switchLanguage(lang).then(() => {
      setAntdLocale(antdLocaleOf(lang));
      dispatch(api.util.invalidateTags(['Lang']));
    });
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
    // Without a loaded locale antd-mobile keeps its default rather than getting `undefined`.
    <ConfigProvider {...(antdLocale ? { locale: antdLocale } : {})}>
      <AppRouter />
      <ConnectionStatus />
    </ConfigProvider>
  );
}
