import { Badge } from '@mantine/core';
import { SYSTEM_SERVER } from './H5Parts';

/** Shared pieces of the shop inspection pages (/h5/inspectApply): the document, its address and its status badge. */

interface InspectItem {
  itemName: string;
  result: number;
  remark?: string | null;
}
export interface InspectDoc {
  id: number;
  docNo: string;
  shopName: string;
  inspectDate: string;
  photos: string | null;
  remark: string | null;
  itemCount: number;
  failCount: number;
  status: number;
  createUserName: string;
  createTime: string;
  auditUserName: string | null;
  auditRemark: string | null;
  itemList?: InspectItem[];
}

export const INSPECT = `${SYSTEM_SERVER}/shop-inspect-apply`;
const STATUS: Record<number, [string, string]> = { 1: ['审批中', 'blue'], 2: ['已通过', 'green'], 3: ['已驳回', 'red'] };

export function StatusBadge({ status }: { status: number }) {
  const [label, color] = STATUS[status] ?? [String(status), 'gray'];
  return <Badge size="lg" color={color} data-testid="h5-inspect-status">{label}</Badge>;
}
