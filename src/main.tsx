import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './layout/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { watchNetwork } from './feedback/networkWatch';
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
window.addEventListener('beforeunload', saveVisitedViews);

const scale = applyRootFontSize();
createRoot(document.getElementById('app')!).render(<App scale={scale} />);
