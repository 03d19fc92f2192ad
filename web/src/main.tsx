/** Start-up: storage version marker, store, language, then the app. */
import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './app/App';
import { initI18n } from './app/i18n';
import { makeStore, persistSession } from './app/store';
import { applyH5Version } from './lib/storage';
import './styles/theme.css';
import './styles/app.css';

applyH5Version();
const store = makeStore();
persistSession(store);

void initI18n(store.getState().session.lang).then(() => {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <App />
      </Provider>
    </StrictMode>,
  );
});
