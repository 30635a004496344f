import { Paper, Text } from '@mantine/core';

/** One figure of a meeting or reach summary: a label over a large value. */
export function Figure({ label, value, color, testId }: { label: string; value: string; color?: string; testId?: string }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="lg" c={color} data-testid={testId}>{value}</Text>
    </Paper>
  );
}
