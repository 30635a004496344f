import { Alert, Badge, Center, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minutes, trainingApi, type ProgressAnswer } from './api';

/** How often the player tells the server how far the person got (spec: ~10 s). */
export const REPORT_EVERY_MS = 10_000;
/** A jump of more than this between two timeupdate events is a seek, not playing. */
const MAX_TICK_SECONDS = 2;

/**
 * One course in a <video> whose src is the file service's signed inline link (HTTP Range: seeking loads only what
 * is needed). Opens at the furthest point reached before; while it plays, it counts the seconds actually played (a
 * seek adds nothing) and reports them with the position every ~10 s, on pause, at the end and when closed. The
 * server decides what counts (never backwards, never beyond the duration, complete at 95 %).
 */
export function CoursePlayer({ materialId, compact = false }: { materialId: number; compact?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: ['training', 'play', materialId], queryFn: () => trainingApi.play(materialId), staleTime: 0, gcTime: 0 });
  const video = useRef<HTMLVideoElement>(null);
  const played = useRef(0);
  const last = useRef<number | null>(null);
  const sending = useRef(false);
  const [progress, setProgress] = useState<ProgressAnswer | null>(null);
  const det = info.data?.progress ?? null;
  const detId = det?.detId;

  useEffect(() => {
    if (det) setProgress({ watchedSeconds: det.watchedSeconds, furthestPosition: det.furthestPosition, completed: det.completed, watchedPercent: det.watchedPercent });
  }, [det]);

  useEffect(() => {
    if (!detId) return undefined;
    const report = async () => {
      const v = video.current;
      if (!v || sending.current) return;
      const seconds = Math.floor(played.current);
      if (seconds <= 0) return;
      sending.current = true;
      try {
        const answer = await trainingApi.progress({ detId, position: Math.min(Math.floor(v.currentTime), Math.floor(v.duration || v.currentTime)), playedSeconds: seconds });
        played.current -= seconds;
        setProgress(answer);
      } catch {
        // Kept for the next report.
      } finally {
        sending.current = false;
      }
    };
    const timer = setInterval(() => void report(), REPORT_EVERY_MS);
    const v = video.current;
    const onPause = () => void report();
    v?.addEventListener('pause', onPause);
    v?.addEventListener('ended', onPause);
    return () => {
      clearInterval(timer);
      v?.removeEventListener('pause', onPause);
      v?.removeEventListener('ended', onPause);
      void report().then(() => queryClient.invalidateQueries({ queryKey: ['training', 'my'] }));
    };
  }, [detId, queryClient, info.data?.url]);

  if (info.isLoading) return <Center p="xl"><Loader /></Center>;
  if (info.error || !info.data) return <Alert color="red">{(info.error as Error | null)?.message ?? t('training.player.notFound')}</Alert>;
  const d = info.data;
  const onTime = () => {
    const v = video.current;
    if (!v) return;
    const now = v.currentTime;
    if (last.current !== null && !v.seeking && !v.paused) {
      const step = now - last.current;
      if (step > 0 && step <= MAX_TICK_SECONDS) played.current += step;
    }
    last.current = now;
  };
  const resume = () => {
    const v = video.current;
    const at = det?.furthestPosition ?? 0;
    if (v && at > 0 && at < d.durationSeconds - 1) v.currentTime = at;
    last.current = v?.currentTime ?? null;
  };
  return (
    <Stack gap="sm" data-testid="course-player">
      <video
        ref={video} src={d.url} controls preload="metadata" playsInline data-testid="course-video"
        style={{ width: '100%', maxHeight: compact ? '40vh' : '60vh', background: '#000', borderRadius: 4 }}
        onLoadedMetadata={resume} onTimeUpdate={onTime} onSeeked={() => { last.current = video.current?.currentTime ?? null; }}
      />
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{d.title}</Text>
        <Text size="sm" c="dimmed">{d.groupName} · {minutes(d.durationSeconds)}</Text>
      </Group>
      {d.description && <Text size="sm" c="dimmed">{d.description}</Text>}
      {progress ? (
        <Stack gap={4} data-testid="course-progress">
          <Group justify="space-between">
            <Text size="sm">{t('training.player.watched', { watched: minutes(progress.watchedSeconds), percent: progress.watchedPercent })}</Text>
            {progress.completed ? <Badge color="green" data-testid="course-completed">{t('training.status.completed')}</Badge> : <Badge color="blue">{t('training.status.learning')}</Badge>}
          </Group>
          <Progress value={progress.watchedPercent} color={progress.completed ? 'green' : 'blue'} />
          <Text size="xs" c="dimmed">{t('training.player.furthest', { at: minutes(progress.furthestPosition) })}{det ? ` · ${t('training.fields.deadline')} ${det.deadline}` : ''}</Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">{t('training.player.notAssigned')}</Text>
      )}
    </Stack>
  );
}
