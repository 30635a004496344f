// The component library's styles for what the login and error pages draw, in the `mantine` CSS layer; the rest come
// with the first page behind the login (router/ShellProviders, the whole styles.layer.css).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.css';
import './layout/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { watchNetwork } from './feedback/networkWatch';
import { startLocalLog } from './localLog/startLocalLog';
import { i18n, loadEnglish } from './i18n/i18n';
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
// English is its own chunk: a user who reads it gets it before the first render (no Chinese flash, no raw key).
// Unreachable (the back-office without network), Chinese it is.
void (appState.language === 'en' ? loadEnglish().catch(() => undefined) : Promise.resolve()).then(() => {
  createRoot(document.getElementById('app')!).render(<App scale={scale} />);
});
