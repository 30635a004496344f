import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { appState } from '../store/appStore';
import { useNoticeChannel } from '../notices/useNoticeChannel';
import { TabStrip } from '../tabs/TabStrip';
import { UploadQueuePanel } from '../upload/UploadQueuePanel';
import { ViewOutlet } from '../tabs/ViewOutlet';
import { applyBranding, documentBranding } from './branding';
import { CommandPalette } from './CommandPalette';
import './layout.css';
import { Navbar, useBreadcrumb } from './Navbar';
import { Sidebar } from './Sidebar';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_OPEN_WIDTH, closeSidebar } from './sidebarState';

function useDocumentTitle() {
  const { t } = useTranslation();
  const crumbs = useBreadcrumb();
  const tenant = useSnapshot(appState).tenant;
  const pageTitle = crumbs[crumbs.length - 1];
  useEffect(() => {
    applyBranding(documentBranding({ tenant: appState.tenant, host: window.location.host, appName: t('app.name'), appDescription: t('app.description'), pageTitle }));
  }, [tenant, pageTitle, t]);
}

/** Navbar, sidebar (160 px open, 72 px collapsed, hidden in mobile mode), tab strip and page area. */
export default function AppLayout() {
  const snap = useSnapshot(appState);
  const { opened, style, withoutAnimation } = snap.sidebar;
  const mobile = snap.device === 'mobile';
  const width = mobile ? SIDEBAR_OPEN_WIDTH : opened ? SIDEBAR_OPEN_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  useDocumentTitle();
  useNoticeChannel();
  return (
    <div className="shell" data-device={snap.device}>
      <aside
        className="shell-sidebar"
        style={{ width }}
        data-style={style}
        data-opened={opened}
        data-device={snap.device}
        data-animate={!withoutAnimation}
        data-testid="sidebar"
      >
        <Sidebar />
      </aside>
      {mobile && opened && <div className="shell-mask" onClick={() => closeSidebar(false)} data-testid="sidebar-mask" />}
      <div className="shell-main" style={{ marginLeft: mobile ? 0 : width }}>
        <Navbar />
        <TabStrip />
        <main className="shell-content" data-testid="page-area">
          <ViewOutlet />
        </main>
      </div>
      <UploadQueuePanel />
      <CommandPalette />
    </div>
  );
}
