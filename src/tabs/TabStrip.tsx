import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { favouritesState, toggleFavourite } from '../layout/favourites';
import { Icon } from '../layout/icons';
import { appState } from '../store/appStore';
import { confirmClose } from './confirmClose';
import { unsavedAt } from './unsaved';
import { closeAllTabs, closeOtherTabs, closeTab, pinTab, refreshView, viewTitle } from './tabActions';
import { tabLink, viewsNeedingConfirm, type TabView } from './tabRules';

/** Width of the tab right-click menu (spec §9). */
export const CONTEXT_MENU_WIDTH = 105;

interface ContextMenuState {
  view: TabView;
  left: number;
  top: number;
}

/**
 * Going back from a third-level page closes its tab, so it asks first, like the tab's close button.
 */
function useConfirmBackFromThirdLevel() {
  const blocker = useBlocker(({ currentLocation, historyAction }) => {
    if (historyAction !== 'POP') return false;
    const view = appState.tabs.visited.find((v) => v.path === currentLocation.pathname);
    return Boolean(view && viewsNeedingConfirm([view], unsavedAt).length);
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const view = appState.tabs.visited.find((v) => v.path === blocker.location.pathname) ?? appState.tabs.visited.find((v) => v.path === window.location.pathname);
    void confirmClose([view ? viewTitle(view) : '']).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
}

export function TabStrip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useSnapshot(appState.tabs);
  const favourites = useSnapshot(favouritesState);
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  const strip = useRef<HTMLDivElement>(null);
  useConfirmBackFromThirdLevel();

  // More tabs than fit: the strip scrolls sideways. The active tab is brought into view whenever it changes (opened
  // from the menu, or by closing the one before), and the mouse wheel scrolls the strip, as a vertical wheel would not.
  useEffect(() => {
    strip.current?.querySelector<HTMLElement>('.shell-tab[data-active="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, tabs.visited.length]);
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (el.scrollWidth <= el.clientWidth || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
      event.preventDefault();
      el.scrollLeft += event.deltaY;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [menu]);

  const openMenu = (event: MouseEvent, view: TabView) => {
    event.preventDefault();
    const left = Math.min(event.clientX, window.innerWidth - CONTEXT_MENU_WIDTH - 8);
    setMenu({ view, left, top: event.clientY });
  };

  const refresh = (view: TabView) => {
    refreshView(view.path);
    navigate(tabLink(view));
  };

  return (
    <>
      <div className="shell-tabs" data-testid="tab-strip" ref={strip}>
        {(tabs.visited as TabView[]).map((view) => {
          const active = view.path === pathname;
          return (
            <span
              key={view.path}
              className="shell-tab"
              data-active={active}
              data-fixed={view.meta.fixed}
              data-pinned={view.pinned || undefined}
              data-testid={`tab-${view.path}`}
              onClick={() => !active && navigate(tabLink(view))}
              onContextMenu={(event) => openMenu(event, view)}
              title={viewTitle(view)}
            >
              {view.pinned && <span className="shell-tab-pin" aria-label={t('tabs.pinned')} data-testid="tab-pin"><Icon name="map-pin" size={11} /></span>}
              {viewTitle(view)}
              {!view.meta.fixed && !view.pinned && (
                <span
                  className="shell-tab-close"
                  role="button"
                  aria-label={t('tabs.close')}
                  data-testid="tab-close"
                  onClick={(event) => {
                    event.stopPropagation();
                    void closeTab(view.path);
                  }}
                >
                  <Icon name="close" size={11} />
                </span>
              )}
            </span>
          );
        })}
      </div>
      {menu && (
        <ul className="shell-contextmenu" style={{ left: menu.left, top: menu.top, width: CONTEXT_MENU_WIDTH }} data-testid="tab-context-menu">
          <li onClick={() => refresh(menu.view)} data-testid="tab-menu-refresh">{t('tabs.refresh')}</li>
          <li
            aria-disabled={menu.view.meta.fixed || menu.view.pinned}
            onClick={() => !menu.view.meta.fixed && !menu.view.pinned && void closeTab(menu.view.path)}
            data-testid="tab-menu-close"
          >
            {t('tabs.close')}
          </li>
          {!menu.view.meta.fixed && (
            <li onClick={() => pinTab(menu.view.path, !menu.view.pinned)} data-testid="tab-menu-pin">{menu.view.pinned ? t('tabs.unpin') : t('tabs.pin')}</li>
          )}
          {!menu.view.meta.thirdLevel && (
            <li onClick={() => toggleFavourite(menu.view.path)} data-testid="tab-menu-favourite">
              {favourites.paths.includes(menu.view.path) ? t('sidebar.unfavourite') : t('sidebar.favourite')}
            </li>
          )}
          <li onClick={() => void closeOtherTabs(menu.view.path)} data-testid="tab-menu-close-others">{t('tabs.closeOthers')}</li>
          <li onClick={() => void closeAllTabs()} data-testid="tab-menu-close-all">{t('tabs.closeAll')}</li>
        </ul>
      )}
    </>
  );
}
