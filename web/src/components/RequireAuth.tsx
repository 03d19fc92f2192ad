/**
 * Guard of pages that need login: a visitor gets the "please log in first"
 * toast and is sent to login after the redirect delay, with a way back here.
 */
import { DotLoading } from 'antd-mobile';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { REDIRECT_MS } from '../lib/constants';
import { loginRouteFor } from '../lib/navigation';
import { selectToken } from '../lib/session';
import { showToast } from '../lib/toast';

export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSelector(selectToken);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;

  useEffect(() => {
    if (token) return;
    showToast(t('common.loginFirst'));
    const timer = setTimeout(() => navigate(loginRouteFor(here), { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [token, here, navigate, t]);

  if (!token) {
    return (
      <div className="page page-center" data-testid="auth-wait">
        <DotLoading color="primary" />
      </div>
    );
  }
  return <>{children}</>;
}
