import {
  IconArrowBackUp, IconBarcode, IconBell, IconBuildingStore, IconBuildingWarehouse, IconCalendarEvent, IconCalendarTime, IconCamera,
  IconCashRegister, IconCertificate, IconChartBar, IconChecklist, IconChevronDown, IconClipboardCheck, IconCoin, IconDeviceDesktop,
  IconDiscount, IconFileInvoice, IconGift, IconGitBranch, IconGridDots, IconHelp, IconHistory, IconHome, IconIdBadge, IconLayoutDashboard,
  IconListDetails, IconListNumbers, IconMap, IconMapPin, IconMenu2, IconNews, IconPackage, IconPackageExport, IconPackageImport, IconPoint,
  IconPrinter, IconReceipt, IconReportAnalytics, IconSchool, IconSettings, IconShoppingCartCheck, IconStack2, IconTarget, IconTicket,
  IconTruck, IconTruckDelivery, IconTruckReturn, IconStar, IconUpload, IconUserCheck, IconUsers, IconUsersGroup, IconWallet, IconWorldWww, IconX,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import type { SVGProps } from 'react';
import type { MenuIconKey } from '../../core/descriptors/widgetKeys.ts';

/** Every icon a menu may name (core/descriptors/widgetKeys.ts MENU_ICONS; typed, so a name without a drawing fails typecheck). */
export const MENU_ICON_COMPONENTS: Record<MenuIconKey, TablerIcon> = {
  home: IconHome, dashboard: IconLayoutDashboard, 'building-store': IconBuildingStore, 'map-pin': IconMapPin, map: IconMap, truck: IconTruck,
  'truck-delivery': IconTruckDelivery, 'truck-return': IconTruckReturn, package: IconPackage, 'package-import': IconPackageImport,
  'package-export': IconPackageExport, barcode: IconBarcode, 'list-details': IconListDetails, 'list-numbers': IconListNumbers,
  'building-warehouse': IconBuildingWarehouse, printer: IconPrinter, settings: IconSettings, users: IconUsers, history: IconHistory, news: IconNews,
  certificate: IconCertificate, receipt: IconReceipt, 'cash-register': IconCashRegister, school: IconSchool, 'device-desktop': IconDeviceDesktop,
  'arrow-back-up': IconArrowBackUp, 'calendar-time': IconCalendarTime, checklist: IconChecklist, 'clipboard-check': IconClipboardCheck,
  'file-invoice': IconFileInvoice, 'grid-dots': IconGridDots, 'shopping-cart-check': IconShoppingCartCheck, 'stack-2': IconStack2,
  'world-www': IconWorldWww, wallet: IconWallet, coin: IconCoin, 'users-group': IconUsersGroup, 'chart-bar': IconChartBar,
  'calendar-event': IconCalendarEvent, gift: IconGift, ticket: IconTicket, discount: IconDiscount, 'id-badge': IconIdBadge,
  'user-check': IconUserCheck, 'git-branch': IconGitBranch, 'report-analytics': IconReportAnalytics, target: IconTarget, camera: IconCamera,
};

/** The shell's own buttons. */
const SHELL_ICONS: Record<string, TablerIcon> = {
  setting: IconSettings, bell: IconBell, menu: IconMenu2, help: IconHelp, chevron: IconChevronDown, close: IconX, upload: IconUpload,
  shop: IconBuildingStore, star: IconStar,
};

/** The drawing for a name: a menu icon, a shell icon, or a neutral point for a name nobody declared. */
export function iconFor(name: string | null | undefined): TablerIcon {
  if (!name) return IconPoint;
  return (MENU_ICON_COMPONENTS as Record<string, TablerIcon>)[name] ?? SHELL_ICONS[name] ?? IconPoint;
}

export function Icon({ name, size = 18, ...rest }: { name?: string | null; size?: number } & Omit<SVGProps<SVGSVGElement>, 'ref'>) {
  const Drawing = iconFor(name);
  return <Drawing size={size} stroke={1.8} aria-hidden="true" data-icon={name ?? ''} {...(rest as object)} />;
}
