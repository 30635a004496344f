import '@mantine/charts/styles.css';
import { MatrixChart } from '@mantine/charts';
import { Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../../widgets/panelProps.ts';
import { callEndpoint } from '../../engine/api/calls';
import { resolveRoute, screenListKey } from '../../engine/runtime/screenModel';

interface Heat {
  regions: { regionName: string; shopAllotQuantity: number; saleQuantity: number; sellThroughRate: number | null }[];
  keys: { keyId: number; name: string }[];
  cells: { regionName: string; keyId: number; shopAllotQuantity: number; saleQuantity: number; sellThroughRate: number | null }[];
}

/** A rate's cell colour: red (nothing sold) through yellow to green (all sold), blank where nothing was put. */
export const heatColor = (rate: number | null) => (rate === null ? undefined : `hsl(${Math.round(Math.min(100, Math.max(0, rate)) * 1.2)}, 70%, 85%)`);

/**
 * 铺货分析's regional heat view (a panel of its report screen, report-put-stock.json): per region of the shops in the filters, what was put and sold in the period and
 * the sell-through rate as a coloured table, and the most-put SKUs (or products) by region as a heat grid.
 */
export function RegionHeat({ set, screen, request }: PanelProps) {
  const { t: tr } = useTranslation();
  const t = (k: string) => tr(`analysisReport.${k}`);
  const route = resolveRoute(set, screen, 'region-heat');
  const { sort: _s, order: _o, ...filters } = request;
  const q = useQuery({
    queryKey: [...screenListKey(screen.name), 'panel', 'regionHeat', filters],
    queryFn: () => callEndpoint<Heat>(route!, {}, filters, { silent: true }),
    enabled: !!route,
    retry: false,
  });
  const heat = q.data;
  if (!heat) return null;
  const names = new Map(heat.keys.map((k) => [k.keyId, k.name]));
  return (
    <Paper withBorder p="sm" data-testid="put-stock-heat">
      <Title order={6} mb="xs">{t('heat.title')}</Title>
      {!heat.regions.some((r) => r.shopAllotQuantity > 0) ? <Text size="sm" c="dimmed">{t('heat.empty')}</Text> : (
        <>
          <Table withTableBorder withColumnBorders striped={false} fz="sm" maw={560}>
            <Table.Thead>
              <Table.Tr><Table.Th>{t('heat.region')}</Table.Th><Table.Th>{t('heat.allot')}</Table.Th><Table.Th>{t('heat.sale')}</Table.Th><Table.Th>{t('heat.rate')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {heat.regions.map((r) => (
                <Table.Tr key={r.regionName} data-testid="heat-region">
                  <Table.Td>{r.regionName}</Table.Td><Table.Td>{r.shopAllotQuantity}</Table.Td><Table.Td>{r.saleQuantity}</Table.Td>
                  <Table.Td style={{ background: heatColor(r.sellThroughRate) }}>{r.sellThroughRate ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {heat.cells.length > 0 && (
            <>
              <Text size="xs" c="dimmed" mt="sm">{t('heat.top')}</Text>
              <MatrixChart
                data={heat.cells.map((c) => ({ x: names.get(c.keyId) ?? String(c.keyId), y: c.regionName, value: c.sellThroughRate }))}
                xLabels={heat.keys.map((k) => k.name)} yLabels={heat.regions.map((r) => r.regionName)} domain={[0, 100]}
                colors={['red.3', 'orange.3', 'yellow.3', 'lime.4', 'green.5']} cellSize={26} withXLabels withYLabels xLabelsHeight={110} yLabelsWidth={80}
                withTooltip getTooltipLabel={(c) => `${c.y} · ${c.x}：${c.value ?? '—'}%`} withLegend legendLabels={[t('heat.less'), t('heat.more')]}
              />
            </>
          )}
        </>
      )}
    </Paper>
  );
}
