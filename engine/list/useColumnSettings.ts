import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResourceDescriptor, ScreenDescriptor } from '../../core/descriptors/index.ts';
import { notifySuccess } from '../../src/feedback/notify';
import { columnHeaderKey, fetchColumnHeader, saveColumnHeader } from '../api/columnHeader';
import { type FieldOption, groupFileConfigs, toFileConfigs } from '../columns/columnConfig';
import { screenListKey } from '../runtime/screenModel';

/**
 * 设置显示字段 of a list: the user's saved column header (which columns show, in which order and width), the drawer
 * that edits it, and saving it.
 */
export function useColumnSettings(screen: ScreenDescriptor, resource: ResourceDescriptor, options: FieldOption[], userId: string | number) {
  const client = useQueryClient();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const headerTitle = screen.columnConfigTitle ?? resource.table;
  const header = useQuery({ queryKey: columnHeaderKey(headerTitle), queryFn: () => fetchColumnHeader(headerTitle), staleTime: Infinity });
  const saveColumns = useMutation({
    mutationFn: (props: string[]) => saveColumnHeader(userId, headerTitle, toFileConfigs(options, props)),
    onSuccess: async (_, props) => {
      setDrawerOpen(false);
      client.setQueryData(columnHeaderKey(headerTitle), groupFileConfigs(toFileConfigs(options, props)));
      await client.invalidateQueries({ queryKey: columnHeaderKey(headerTitle) });
      await client.invalidateQueries({ queryKey: screenListKey(screen.name) });
      notifySuccess({ key: 'engine.columns.saved' });
    },
  });
  return { header, saveColumns, drawerOpen, setDrawerOpen };
}
