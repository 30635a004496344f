import { ActionIcon, Anchor, Avatar, Breadcrumbs, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { NoticeBell } from '../notices/NoticeBell';
import type { AppRoute } from '../router/appRoute';
import { routeTrail } from '../router/menuRoutes';
import { PERSONAL_ROUTES } from '../router/staticRoutes';
import { logOut } from '../session/sessionActions';
import { appState } from '../store/appStore';
import { UploadQueueButton } from '../upload/UploadQueuePanel';
import { Icon } from './icons';
import { LanguageSwitch } from './LanguageSwitch';
import { setSidebarNavOpen, setSidebarStyle, toggleSidebar } from './sidebarState';

/** The external help site (opened in a new window); set VITE_HELP_URL at build time. */
export const HELP_URL: string = import.meta.env.VITE_HELP_URL ?? 'https://help.wxy-retail.com';

/** Route titles from module to page, separated by / (spec §2). */
export function useBreadcrumb(): string[] {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const snap = useSnapshot(appState);
  const trail = routeTrail(snap.routes as AppRoute[], pathname);
  const own = snap.tabs.visited.find((v) => v.path === pathname)?.pageTitle;
  if (trail.length > 0) return trail.map((route, i) => (own && i === trail.length - 1 ? own : route.meta.title));
  const personal = PERSONAL_ROUTES.find((route) => route.path === pathname);
  return personal ? [t('navbar.personalCentre'), t(personal.meta.titleKey!)] : [];
}

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSnapshot(appState).user;
  const name = user?.name || user?.userName || '';
  return (
    <Menu position="bottom-end" width={160} shadow="md">
      <Menu.Target>
        <UnstyledButton data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar src={user?.headPortrait || null} size={28} radius="xl">{name.slice(0, 1)}</Avatar>
            <Text size="sm" visibleFrom="sm" data-testid="user-name">{name}</Text>
            <Icon name="chevron" size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => navigate('/userInfo/baseInfo')} data-testid="user-menu-profile">{t('route.profile')}</Menu.Item>
        <Menu.Item onClick={() => navigate('/userInfo/resetPsw')} data-testid="user-menu-password">{t('route.resetPassword')}</Menu.Item>
        <Menu.Item onClick={() => navigate('/userInfo/loginRecord')} data-testid="user-menu-login-record">{t('route.loginRecord')}</Menu.Item>
        {/* 路由配置 is a hidden entry: reachable at /userInfo/routerSetting, not listed. */}
        <Menu.Item onClick={() => navigate('/userInfo/systemLog')} data-testid="user-menu-version-log">{t('route.versionLog')}</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void logOut()} data-testid="user-menu-logout">{t('navbar.logout')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function LayoutSettings() {
  const { t } = useTranslation();
  const sidebar = useSnapshot(appState).sidebar;
  return (
    <Menu position="bottom-end" shadow="md" closeOnItemClick={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('navbar.theme')} data-testid="layout-settings">
          <Icon name="setting" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('navbar.theme')}</Menu.Label>
        <Menu.Item onClick={() => setSidebarStyle('light')} rightSection={sidebar.style === 'light' ? '✓' : null} data-testid="theme-light">
          {t('navbar.themeLight')}
        </Menu.Item>
        <Menu.Item onClick={() => setSidebarStyle('dark')} rightSection={sidebar.style === 'dark' ? '✓' : null} data-testid="theme-dark">
          {t('navbar.themeDark')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => setSidebarNavOpen(!sidebar.open)} rightSection={sidebar.open ? '✓' : null} data-testid="nav-open">
          {t('navbar.toggleSidebar')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('navbar.language')}</Menu.Label>
        <div style={{ padding: '4px 8px' }}><LanguageSwitch /></div>
      </Menu.Dropdown>
    </Menu>
  );
}

export function Navbar() {
  const { t } = useTranslation();
  const crumbs = useBreadcrumb();
  return (
    <header className="shell-navbar">
      <ActionIcon variant="subtle" color="gray" onClick={toggleSidebar} aria-label={t('navbar.toggleSidebar')} data-testid="sidebar-toggle">
        <Icon name="menu" />
      </ActionIcon>
      <Breadcrumbs separator="/" data-testid="breadcrumb" visibleFrom="xs">
        {crumbs.map((title, i) => (
          <Text key={`${i}-${title}`} size="sm" c={i === crumbs.length - 1 ? 'dimmed' : undefined}>{title}</Text>
        ))}
      </Breadcrumbs>
      {/* A phone has no room for the trail: it names the page alone (issue 31: else only the tab tells it). */}
      <Text hiddenFrom="xs" size="sm" fw={500} truncate="end" style={{ minWidth: 0, flex: 1 }} data-testid="page-title-mobile">{crumbs.at(-1)}</Text>
      <div className="shell-navbar-right">
        <Tooltip label={t('navbar.help')}>
          <Anchor href={HELP_URL} target="_blank" rel="noopener noreferrer" c="gray.7" data-testid="help-link" aria-label={t('navbar.help')}>
            <Icon name="help" />
          </Anchor>
        </Tooltip>
        <LayoutSettings />
        <UploadQueueButton />
        <NoticeBell />
        <UserMenu />
      </div>
    </header>
  );
}
