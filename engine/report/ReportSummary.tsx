import { Card, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DescriptorSet, ReportSummaryDecl, ScreenDescriptor } from '../../core/descriptors/index.ts';
import { amountDisplay } from '../../core/money.ts';
import { formatterFor } from '../../widgets/formatters';
import { callEndpoint } from '../api/calls';
import { type Answer, summaryFigures, summarySource } from '../runtime/reportModel';
import { resolveRoute, screenListKey } from '../runtime/screenModel';

/**
 * A report's summary row: totals the server computed over every row of the filters (never the shown page), read from
 * the list's answer or asked of the summary's own route; a figure the caller may not see never arrives and is not shown.
 * Amounts read with thousands separators (12,345.60), as the 工作台's.
 */
export function ReportSummary({ set, screen, summary, answer, request }: { set: DescriptorSet; screen: ScreenDescriptor; summary: ReportSummaryDecl; answer: Answer | undefined; request: Answer }) {
  const { t } = useTranslation();
  const route = summary.endpoint ? resolveRoute(set, screen, summary.endpoint) : null;
  const own = useQuery({
    queryKey: [...screenListKey(screen.name), 'summary', request],
    queryFn: () => callEndpoint<Answer>(route!, {}, request, { silent: true }),
    enabled: !!route,
  });
  const source = route ? own.data : summarySource(summary, answer);
  const figures = summaryFigures(summary, source, route ? own.data : answer);
  if (!figures.length) return null;
  return (
    <SimpleGrid cols={{ base: 2, md: Math.min(6, Math.max(3, figures.length)) }} data-testid={`${screen.name}-summary`}>
      {figures.map((f) => (
        <Card key={f.key} withBorder padding="sm">
          <Text size="xs" c="dimmed">{f.literal ? f.label : t(f.label)}</Text>
          <Text fw={700} data-testid={`${screen.name}-summary-${f.key}`}>{f.format === 'money' ? amountDisplay(f.value) : formatterFor(f.format)(f.value, { row: source ?? {} })}</Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
