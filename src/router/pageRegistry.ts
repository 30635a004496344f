import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazyPage';

type Page = LazyExoticComponent<ComponentType>;

/**
 * Pages of their own, by route path. Every other menu route is a generic screen whose descriptor the
 * server holds (schemas/screens and EXTRA_SCHEMA_DIRS); one without a descriptor shows the 404 page.
 */
export const PAGES: Readonly<Record<string, Page>> = {
  '/home/index': lazyPage(() => import('../pages/home/HomePage')),
  '/systemManage/userList': lazyPage(() => import('../pages/systemManage/UserListPage')),
  '/systemManage/userEdit': lazyPage(() => import('../pages/systemManage/UserEditPage')),
  '/systemManage/roleList': lazyPage(() => import('../pages/systemManage/RoleListPage')),
  '/systemManage/deptList': lazyPage(() => import('../pages/systemManage/DeptListPage')),
  '/systemManage/loginLog': lazyPage(() => import('../pages/systemManage/LoginLogPage')),
  '/systemManage/versionLog': lazyPage(() => import('../pages/systemManage/VersionLogPage')),
  '/userInfo/baseInfo': lazyPage(() => import('../pages/userInfo/ProfilePage')),
  '/userInfo/resetPsw': lazyPage(() => import('../pages/userInfo/ResetPasswordPage')),
  '/userInfo/loginRecord': lazyPage(() => import('../pages/userInfo/LoginRecordPage')),
  '/userInfo/messageNotice': lazyPage(() => import('../pages/userInfo/MessageNoticePage')),
  '/userInfo/systemLog': lazyPage(() => import('../pages/userInfo/SystemLogPage')),
  '/userInfo/routerSetting': lazyPage(() => import('../pages/userInfo/RouterSettingPage')),
  '/storageManage/sysPrintTem': lazyPage(() => import('../../screens-custom/designer/SysPrintTemPage')),
  '/orderInfo/retailOrder': lazyPage(() => import('../../screens-custom/billing/RetailOrderPage')),
  '/orderInfo/practiceCash': lazyPage(() => import('../../screens-custom/billing/RetailOrderPage')),
  '/orderInfo/saleReport': lazyPage(() => import('../../screens-custom/orders/SaleReportPage')),
  '/financeManage/paymentDetail': lazyPage(() => import('../../screens-custom/orders/PaymentDetailPage')),
  '/shopManage/meeting': lazyPage(() => import('../../screens-custom/meetings/MeetingPage')),
  '/shopManage/aiBoxLines': lazyPage(() => import('../../screens-custom/aiBox/ChannelLinesPage')),
  '/shopManage/performanceTarget': lazyPage(() => import('../../screens-custom/meetings/PerformanceTargetPage')),
  '/processManage/processDefinition': lazyPage(() => import('../../screens-custom/process/ProcessDefinitionPage')),
  '/processManage/processDesign': lazyPage(() => import('../../screens-custom/process/ProcessDesignPage')),
  '/processManage/myTodo': lazyPage(() => import('../../screens-custom/process/MyTodoPage')),
  '/processManage/myDone': lazyPage(() => import('../../screens-custom/process/MyDonePage')),
  '/processManage/processInstance': lazyPage(() => import('../../screens-custom/process/ProcessInstancePage')),
  '/training/myCourse': lazyPage(() => import('../../screens-custom/training/MyCoursePage')),
  '/training/myExam': lazyPage(() => import('../../screens-custom/training/MyExamPage')),
  '/training/universityStatistics': lazyPage(() => import('../../screens-custom/training/TrainingStatisticsPage')),
  '/training/courseStatistics': lazyPage(() => import('../../screens-custom/training/TrainingStatisticsPage')),
};

/** The generic screen page: loads the path's screen descriptor from the server at run time. */
const SCREEN_PAGE: Page = lazyPage(() => import('../../engine/ScreenPage'));

export function pageFor(path: string, component?: string | null): Page {
  if (PAGES[path]) return PAGES[path];
  // Menus may name the screen by component instead of path ("systemManage/userList/index").
  const byComponent = component ? `/${component.replace(/^\/+/, '').replace(/\/index$/, '')}` : null;
  return byComponent && PAGES[byComponent] ? PAGES[byComponent] : SCREEN_PAGE;
}
