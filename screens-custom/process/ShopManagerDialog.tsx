import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FIRST_PAGE, PagedTable, type Column } from '../../src/components/PagedTable';
import { notifySuccess } from '../../src/feedback/notify';
import { processApi, type ShopManager } from './api';

type Row = ShopManager & { id: number };

/** 店长设置: who approves each shop's "申请人的店长" steps (login name; empty clears). */
export function ShopManagerDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [draft, setDraft] = useState('');
  const [shopName, setShopName] = useState('');
  const [edits, setEdits] = useState<Record<number, string>>({});
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['process', 'shop-managers', paging.page, paging.size, shopName], queryFn: () => processApi.shopManagers(paging.page, paging.size, shopName), enabled: opened });
  const save = useMutation({
    mutationFn: (r: ShopManager) => processApi.saveShopManager(r.shopId, (edits[r.shopId] ?? r.userName ?? '').trim()),
    onSuccess: (r) => {
      notifySuccess({ text: r.managerName ? `「${r.shopName}」的店长：${r.managerName}` : `已清除「${r.shopName}」的店长` });
      setEdits(({ [r.shopId]: _done, ...rest }) => rest);
      void client.invalidateQueries({ queryKey: ['process', 'shop-managers'] });
    },
  });
  const data = list.data && { total: list.data.total, records: list.data.records.map((r) => ({ ...r, id: r.shopId })) };
  const columns: Column<Row>[] = [
    { key: 'shopName', title: '门店', render: (r) => `${r.shopName}（${r.shopCode}）` },
    { key: 'manager', title: '店长', render: (r) => r.managerName ?? <Text span c="dimmed" size="sm">未设置</Text> },
    {
      key: 'edit',
      title: '设置为（登录名，空则清除）',
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <TextInput size="xs" w={140} maxLength={24} value={edits[r.shopId] ?? r.userName ?? ''} onChange={(e) => setEdits({ ...edits, [r.shopId]: e.currentTarget.value })} data-testid={`shop-manager-${r.shopId}`} />
          <Button size="xs" disabled={edits[r.shopId] === undefined} loading={save.isPending && save.variables?.shopId === r.shopId} onClick={() => save.mutate(r)}>保存</Button>
        </Group>
      ),
    },
  ];
  return (
    <Modal opened={opened} onClose={onClose} title="店长设置" size="lg">
      <Stack>
        <Text size="sm" c="dimmed">流程中“申请人的店长”审批的步骤交给申请单据所属门店的店长。</Text>
        <form onSubmit={(e) => { e.preventDefault(); setShopName(draft.trim()); setPaging({ ...paging, page: 1 }); }}>
          <Group>
            <TextInput placeholder="门店名称" maxLength={24} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} />
            <Button type="submit">查询</Button>
          </Group>
        </form>
        <PagedTable columns={columns} data={data} loading={list.isFetching} paging={paging} onPaging={setPaging} testId="shop-manager-table" />
      </Stack>
    </Modal>
  );
}
