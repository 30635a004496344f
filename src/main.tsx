import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './layout/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { watchNetwork } from './feedback/networkWatch';
import { startLocalLog } from './localLog/startLocalLog';
import { i18n } from './i18n/i18n';
import { applyRootFontSize, watchDevice } from './layout/device';
import { restoreSidebar } from './layout/sidebarState';
import { adoptCookieToken, deviceShopId, rememberedTenantId } from './session/sessionStorage';
import { appState } from './store/appStore';
import { saveVisitedViews } from './tabs/tabActions';

/** Start-up: session from cookie/session storage, saved layout and language, then render. */
appState.token = adoptCookieToken() ?? '';
appState.tenantId = rememberedTenantId();
appState.deviceShopId = deviceShopId();
appState.language = i18n.language === 'en' ? 'en' : 'zh-CN';
document.documentElement.lang = appState.language;
restoreSidebar();
watchDevice();
watchNetwork();
startLocalLog();
window.addEventListener('beforeunload', saveVisitedViews);
// The error-log list of the app state (spec §3): uncaught errors of this session.
window.addEventListener('error', (event) => {
  appState.errorLogs.push({ message: event.message, url: window.location.href, time: new Date().toISOString() });
});

const scale = applyRootFontSize();
createRoot(document.getElementById('app')!).render(<App scale={scale} />);
