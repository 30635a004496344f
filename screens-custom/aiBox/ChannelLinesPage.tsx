import { Alert, Button, Group, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../src/api/http';
import { notifySuccess, notifyWarning } from '../../src/feedback/notify';

/**
 * 通道划线 (/shopManage/aiBoxLines?aiBoxId=…): the counting lines of a camera box's NVR channels, drawn with the mouse
 * on the channel's last snapshot. 新增划线 then click the points (double-click or 完成 ends the line); drag a point to
 * move it; each line has a name and a direction (进 or 出). 保存 keeps them on the server (shop-nvr-channel/lineation);
 * 下发到盒子 sends every channel's lines to the box.
 */

const S = '/wxy-shop-server';

interface Point { x: number; y: number }
export interface CountingLine { name: string; direction: 'in' | 'out'; points: Point[] }
interface Channel { channelId: number; channelNo: number; channelName: string | null }
interface Lineation { channelId: number; aiBoxId: number; channelNo: number; channelName: string | null; imageWidth: number; imageHeight: number; snapshotUrl: string | null; lines: CountingLine[] }

const COLORS = ['#e8590c', '#1c7ed6', '#2f9e44', '#ae3ec9', '#f08c00', '#0ca678', '#d6336c', '#5c7cfa'];

export default function ChannelLinesPage() {
  const [params] = useSearchParams();
  const aiBoxId = Number(params.get('aiBoxId')) || null;
  const channels = useQuery({
    queryKey: ['aiBoxLines', 'channels', aiBoxId],
    queryFn: () => call<Channel[]>({ method: 'GET', url: `${S}/shop-nvr-channel/findList/${aiBoxId}` }),
    enabled: Boolean(aiBoxId),
  });
  const [channelId, setChannelId] = useState<number | null>(null);
  useEffect(() => {
    if (channelId === null && channels.data?.length) setChannelId(channels.data[0].channelId);
  }, [channels.data, channelId]);
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const pushToBox = async () => {
    setBusy(true);
    try {
      const r = await call<{ channels: number; lines: number }>({ method: 'PUT', url: `${S}/shop-ai-box/update/lines/config/${aiBoxId}` });
      notifySuccess({ text: `已下发划线配置（${r.channels} 个通道，${r.lines} 条划线）` });
    } catch { /* the call showed the server's message */ } finally { setBusy(false); }
  };

  if (!aiBoxId) return <Alert color="yellow">请从客流设备列表的“通道划线”打开</Alert>;
  return (
    <Stack data-testid="ai-box-lines">
      <Group justify="space-between">
        <Title order={4}>通道划线</Title>
        <Button variant="light" loading={busy} onClick={() => void pushToBox()} data-testid="ai-box-lines-push">下发到盒子</Button>
      </Group>
      {channels.data && !channels.data.length && <Alert color="yellow">这台设备还没有通道，请先下发 NVR 配置</Alert>}
      {channels.data && channels.data.length > 0 && (
        <SegmentedControl value={String(channelId ?? '')} onChange={(v) => setChannelId(Number(v))} data-testid="ai-box-lines-channels"
          data={channels.data.map((c) => ({ value: String(c.channelId), label: `通道${c.channelNo}${c.channelName ? ` · ${c.channelName}` : ''}` }))} />
      )}
      {channelId && <ChannelLines key={channelId} aiBoxId={aiBoxId} channelId={channelId} onSaved={() => void qc.invalidateQueries({ queryKey: ['aiBoxLines'] })} />}
    </Stack>
  );
}

/** One channel: its picture with the lines over it, and the lines' names and directions beside it. */
export function ChannelLines(props: { aiBoxId: number; channelId: number; onSaved?: () => void }) {
  const detail = useQuery({
    queryKey: ['aiBoxLines', 'lineation', props.channelId],
    queryFn: () => call<Lineation>({ method: 'GET', url: `${S}/shop-nvr-channel/lineation/${props.channelId}` }),
  });
  const [lines, setLines] = useState<CountingLine[] | null>(null);
  const [drawing, setDrawing] = useState<Point[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [drag, setDrag] = useState<{ line: number; point: number } | null>(null);
  const [hover, setHover] = useState<Point | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (detail.data && lines === null) setLines(detail.data.lines);
  }, [detail.data, lines]);
  if (detail.isError) return <Alert color="red">通道读取失败</Alert>;
  if (!detail.data || !lines) return <Text c="dimmed">加载中…</Text>;
  const { imageWidth: W, imageHeight: H } = detail.data;

  /** The pointer's position in image pixels, inside the image. */
  const at = (e: { clientX: number; clientY: number }): Point => {
    const m = svg.current!.getScreenCTM()!.inverse();
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
    return { x: Math.round(Math.min(W, Math.max(0, p.x))), y: Math.round(Math.min(H, Math.max(0, p.y))) };
  };
  const change = (next: CountingLine[]) => {
    setLines(next);
    setDirty(true);
  };
  const finish = (pts: Point[]) => {
    setDrawing(null);
    setHover(null);
    if (pts.length < 2) return notifyWarning({ text: '一条划线至少需要 2 个点' });
    const used = new Set(lines.map((l) => l.name));
    let n = lines.length + 1;
    while (used.has(`划线${n}`)) n++;
    change([...lines, { name: `划线${n}`, direction: 'in', points: pts }]);
    setSelected(lines.length);
  };
  const onDown = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (!drawing) return;
    const p = at(e);
    const last = drawing.at(-1);
    if (last && last.x === p.x && last.y === p.y) return;
    setDrawing([...drawing, p]);
  };
  const onMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (drawing) return setHover(at(e));
    if (!drag) return;
    const p = at(e);
    change(lines.map((l, i) => (i !== drag.line ? l : { ...l, points: l.points.map((q, j) => (j === drag.point ? p : q)) })));
  };
  const save = async () => {
    setBusy(true);
    try {
      const r = await call<{ lines: CountingLine[] }>({ method: 'PUT', url: `${S}/shop-nvr-channel/lineation/${props.channelId}`, data: { lines } });
      setLines(r.lines);
      setDirty(false);
      notifySuccess({ text: `已保存 ${r.lines.length} 条划线，下发到盒子后生效` });
      props.onSaved?.();
    } catch { /* the call showed the server's message */ } finally { setBusy(false); }
  };
  const refreshImage = async () => {
    setBusy(true);
    try {
      await call({ method: 'POST', url: `${S}/shop-ai-box/refresh/nvr/img/${props.aiBoxId}`, data: { channelNo: detail.data!.channelNo } });
      const fresh = await detail.refetch();
      // Lines move with a snapshot of another size on the server; unsaved ones are kept as drawn.
      if (!dirty && fresh.data) setLines(fresh.data.lines);
      notifySuccess({ text: '已刷新截图' });
    } catch { /* the call showed the server's message */ } finally { setBusy(false); }
  };
  const stroke = Math.max(2, Math.round(W / 400));
  const radius = stroke * 3;
  const font = Math.max(14, Math.round(W / 60));

  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Paper withBorder p={4} style={{ flex: 1, minWidth: 0 }}>
        <svg ref={svg} viewBox={`0 0 ${W} ${H}`} data-testid="ai-box-lines-canvas"
          style={{ width: '100%', display: 'block', background: '#f1f3f5', cursor: drawing ? 'crosshair' : drag ? 'grabbing' : 'default', userSelect: 'none', touchAction: 'none' }}
          onPointerDown={onDown} onPointerMove={onMove} onPointerUp={() => setDrag(null)} onPointerLeave={() => setDrag(null)}
          onDoubleClick={() => drawing && finish(drawing)}>
          <defs>
            <pattern id="ai-box-grid" width={W / 16} height={H / 9} patternUnits="userSpaceOnUse">
              <path d={`M ${W / 16} 0 L 0 0 0 ${H / 9}`} fill="none" stroke="#ced4da" strokeWidth={1} />
            </pattern>
          </defs>
          {detail.data.snapshotUrl
            ? <image href={detail.data.snapshotUrl} x={0} y={0} width={W} height={H} preserveAspectRatio="none" data-testid="ai-box-lines-image" />
            : <rect x={0} y={0} width={W} height={H} fill="url(#ai-box-grid)" />}
          {lines.map((l, i) => {
            const color = COLORS[i % COLORS.length];
            const [a, b] = [l.points[0], l.points[1]];
            // The direction: an arrow across the first segment, pointing to the side a person walks to when counted.
            const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
            const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
            const sign = l.direction === 'in' ? 1 : -1;
            const nx = (-(b.y - a.y) / len) * sign * font * 3;
            const ny = ((b.x - a.x) / len) * sign * font * 3;
            return (
              <g key={i} data-testid={`ai-box-line-${i}`} onPointerDown={(e) => { if (!drawing) { e.stopPropagation(); setSelected(i); } }}>
                <polyline points={l.points.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" stroke={color} strokeWidth={selected === i ? stroke * 2 : stroke} style={{ cursor: 'pointer' }} />
                <line x1={mid.x} y1={mid.y} x2={mid.x + nx} y2={mid.y + ny} stroke={color} strokeWidth={stroke} markerEnd="" />
                <polygon points={arrowHead(mid, { x: mid.x + nx, y: mid.y + ny }, font * 0.8)} fill={color} />
                <text x={l.points[0].x + radius * 1.5} y={l.points[0].y - radius * 1.5} fill={color} fontSize={font} fontWeight={600}
                  style={{ paintOrder: 'stroke', stroke: 'white', strokeWidth: 3 }}>{`${l.name}（${l.direction === 'in' ? '进' : '出'}）`}</text>
                {l.points.map((p, j) => (
                  <circle key={j} cx={p.x} cy={p.y} r={radius} fill="white" stroke={color} strokeWidth={stroke} style={{ cursor: 'grab' }}
                    data-testid={`ai-box-line-${i}-point-${j}`}
                    onPointerDown={(e) => { if (drawing) return; e.stopPropagation(); setSelected(i); setDrag({ line: i, point: j }); }} />
                ))}
              </g>
            );
          })}
          {drawing && drawing.length > 0 && (
            <g pointerEvents="none">
              <polyline points={[...drawing, ...(hover ? [hover] : [])].map((p) => `${p.x},${p.y}`).join(' ')} fill="none" stroke="#fa5252" strokeWidth={stroke} strokeDasharray={`${stroke * 4} ${stroke * 2}`} />
              {drawing.map((p, j) => <circle key={j} cx={p.x} cy={p.y} r={radius} fill="#fa5252" />)}
            </g>
          )}
        </svg>
        <Text size="xs" c="dimmed" mt={4}>
          {detail.data.snapshotUrl ? '' : '还没有截图：点“刷新截图”从盒子取当前画面（设备离线时可先在网格上划线）。'}
          {drawing ? '单击添加点，双击或点“完成”结束这条线。' : '拖动圆点可移动；点线条选中它。'}图像 {W}×{H}
        </Text>
      </Paper>
      <Stack w={360} gap="xs">
        <Group gap="xs">
          {drawing
            ? <><Button size="xs" onClick={() => finish(drawing)} data-testid="ai-box-lines-finish">完成</Button><Button size="xs" variant="default" onClick={() => { setDrawing(null); setHover(null); }}>取消</Button></>
            : <Button size="xs" variant="light" disabled={lines.length >= 8} onClick={() => { setDrawing([]); setSelected(null); }} data-testid="ai-box-lines-add">新增划线</Button>}
          <Button size="xs" variant="default" loading={busy} onClick={() => void refreshImage()} data-testid="ai-box-lines-refresh">刷新截图</Button>
          <Button size="xs" loading={busy} disabled={!dirty} onClick={() => void save()} data-testid="ai-box-lines-save">保存</Button>
        </Group>
        {!lines.length && <Text size="sm" c="dimmed">这个通道还没有划线</Text>}
        {lines.length > 0 && (
          <Table withTableBorder fz="sm" data-testid="ai-box-lines-table">
            <Table.Thead><Table.Tr><Table.Th>名称</Table.Th><Table.Th>方向</Table.Th><Table.Th>点</Table.Th><Table.Th /></Table.Tr></Table.Thead>
            <Table.Tbody>
              {lines.map((l, i) => (
                <Table.Tr key={i} bg={selected === i ? 'var(--mantine-color-blue-light)' : undefined} onClick={() => setSelected(i)}>
                  <Table.Td><TextInput size="xs" value={l.name} maxLength={24} aria-label="划线名称" onChange={(e) => change(lines.map((x, j) => (j === i ? { ...x, name: e.currentTarget.value } : x)))} /></Table.Td>
                  <Table.Td>
                    <SegmentedControl size="xs" value={l.direction} data={[{ value: 'in', label: '进' }, { value: 'out', label: '出' }]}
                      onChange={(v) => change(lines.map((x, j) => (j === i ? { ...x, direction: v as 'in' | 'out' } : x)))} />
                  </Table.Td>
                  <Table.Td>{l.points.length}</Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" color="red" variant="subtle" data-testid={`ai-box-lines-delete-${i}`}
                      onClick={(e) => { e.stopPropagation(); change(lines.filter((_, j) => j !== i)); setSelected(null); }}>删除</Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {dirty && <Text size="xs" c="orange">有未保存的修改</Text>}
      </Stack>
    </Group>
  );
}

/** A triangle at `to`, pointing away from `from`. */
function arrowHead(from: Point, to: Point, size: number): string {
  const len = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  const ux = (to.x - from.x) / len;
  const uy = (to.y - from.y) / len;
  const back = { x: to.x - ux * size * 1.6, y: to.y - uy * size * 1.6 };
  return [to, { x: back.x - uy * size, y: back.y + ux * size }, { x: back.x + uy * size, y: back.y - ux * size }].map((p) => `${p.x},${p.y}`).join(' ');
}
