import { Group, NumberInput, Pagination, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGINATION } from '../../src/api/timeouts';

/** Layout of spec 000 §9: total, sizes, prev, pager, next, jumper. */
export function Pager(props: { total: number; page: number; size: number; onPage: (page: number) => void; onSize: (size: number) => void; testId: string }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(props.total / props.size));
  const [jump, setJump] = useState<string | number>('');
  // An empty jumper goes nowhere; a number past either end stops at the first or last page.
  const go = () => {
    const typed = typeof jump === 'number' ? jump : jump.trim() === '' ? NaN : Number(jump);
    if (Number.isFinite(typed)) props.onPage(Math.min(pages, Math.max(1, Math.floor(typed))));
    setJump('');
  };
  return (
    <Group justify="flex-end" gap="sm" mt="sm" data-testid={`${props.testId}-pager`}>
      <Text size="sm" data-testid={`${props.testId}-total`}>{t('common.total', { total: props.total })}</Text>
      <Select size="xs" w={110} allowDeselect={false} value={String(props.size)} data-testid={`${props.testId}-size`}
        data={PAGINATION.sizes.map((size) => ({ value: String(size), label: t('common.pageSize', { size }) }))}
        onChange={(value) => value && props.onSize(Number(value))} />
      <Pagination size="sm" total={pages} value={props.page} onChange={props.onPage} withEdges={false} data-testid={`${props.testId}-pages`} />
      <Group gap={4}>
        <Text size="sm">{t('common.jumpTo')}</Text>
        <NumberInput size="xs" w={64} min={1} max={pages} hideControls value={jump} onChange={setJump} data-testid={`${props.testId}-jump`}
          onKeyDown={(e) => e.key === 'Enter' && go()} onBlur={() => jump !== '' && go()} />
      </Group>
    </Group>
  );
}
