import { Badge, Paper, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { AppRoute } from '../../router/appRoute';
import { flattenRoutes } from '../../router/menuRoutes';
import { appState } from '../../store/appStore';

/** 路由配置 (hidden entry): the routes built from the user's menu, with their flags. */
export default function RouterSettingPage() {
  const { t } = useTranslation();
  const routes = flattenRoutes(useSnapshot(appState).routes as AppRoute[]);
  const flag = (on: boolean) => (on ? <Badge size="xs" variant="light">{t('common.yes')}</Badge> : null);
  return (
    <Paper withBorder p="sm" data-testid="router-setting-page">
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('routerSetting.path')}</Table.Th>
            <Table.Th>{t('routerSetting.title')}</Table.Th>
            <Table.Th>{t('routerSetting.module')}</Table.Th>
            <Table.Th>{t('routerSetting.keepAlive')}</Table.Th>
            <Table.Th>{t('routerSetting.thirdLevel')}</Table.Th>
            <Table.Th>{t('routerSetting.hidden')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {routes.map((route) => (
            <Table.Tr key={route.path}>
              <Table.Td>{route.path}</Table.Td>
              <Table.Td>{route.meta.title}</Table.Td>
              <Table.Td>{route.meta.module}</Table.Td>
              <Table.Td>{flag(route.meta.keepAlive)}</Table.Td>
              <Table.Td>{flag(route.meta.thirdLevel)}</Table.Td>
              <Table.Td>{flag(route.hidden)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
