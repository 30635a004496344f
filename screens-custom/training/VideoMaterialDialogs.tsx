import { Alert, Button, FileInput, Group, Modal, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileInfo } from '../../src/api/files';
import { notifySuccess } from '../../src/feedback/notify';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';
import { uploadFile } from '../../src/upload/uploader';
import { CoursePlayer } from './CoursePlayer';
import { trainingApi, type GroupNode, type Material } from './api';

/** What a course's video may be (the file service puts mp4/ogg in the permanent video bucket). */
export const VIDEO_EXTENSIONS = ['mp4', 'ogg'];
export const VIDEO_MAX_BYTES = 2048 * 1024 * 1024;
export const videoProblem = (file: File): string | null => {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!VIDEO_EXTENSIONS.includes(ext)) return 'training.material.onlyVideo';
  if (file.size > VIDEO_MAX_BYTES) return 'training.material.tooLarge';
  return null;
};

const flatGroups = (nodes: GroupNode[]): GroupNode[] => nodes.flatMap((n) => [n, ...flatGroups(n.children)]);

/** Reads a video file's duration in the browser (its metadata), so the form fills it in. */
function durationOf(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const v = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (d: number | null) => {
      URL.revokeObjectURL(url);
      resolve(d);
    };
    v.preload = 'metadata';
    v.onloadedmetadata = () => done(Number.isFinite(v.duration) ? Math.round(v.duration) : null);
    v.onerror = () => done(null);
    v.src = url;
  });
}


/**
 * 视频资料's dialogs (the list is the engine's screen, schemas/screens/video-material.json): 上传课程 / 编辑 (the video
 * goes up through the chunked upload, mp4/ogg up to 2 GB; its duration is read in the browser), and 观看 (the player,
 * with the link to share the course to a phone).
 */
export function VideoMaterialEditDialog({ row, onClose, onDone }: RowDialogProps) {
  const groups = useQuery({ queryKey: ['training', 'groups'], queryFn: trainingApi.groups });
  const groupOptions = flatGroups(groups.data ?? []).map((g) => ({ value: String(g.groupId), label: g.groupName }));
  return <MaterialDialog material={(row ?? {}) as Partial<Material>} groupOptions={groupOptions} onClose={onClose} onDone={onDone} />;
}

export function CoursePreviewDialog({ row, onClose }: RowDialogProps) {
  const { t } = useTranslation();
  const materialId = Number(row?.materialId);
  const share = () => {
    const url = `${window.location.origin}/h5/courseSharing?materialId=${materialId}`;
    void navigator.clipboard?.writeText(url).catch(() => undefined);
    notifySuccess({ text: t('training.material.shareCopied', { url }) }, 6000);
  };
  return (
    <Modal opened onClose={onClose} title={String(row?.title ?? '')} size="xl">
      <Stack>
        <CoursePlayer materialId={materialId} />
        <Group justify="flex-end"><Button variant="light" onClick={share} data-testid="course-share">{t('training.material.share')}</Button></Group>
      </Stack>
    </Modal>
  );
}

function MaterialDialog({ material, groupOptions, onClose, onDone }: { material: Partial<Material>; groupOptions: { value: string; label: string }[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    groupId: material.groupId ? String(material.groupId) : null as string | null, title: material.title ?? '', description: material.description ?? '',
    durationSeconds: material.durationSeconds ?? 0,
  });
  const [video, setVideo] = useState<Pick<FileInfo, 'videoObjectKey' | 'videoBucketName' | 'fileName'> | null>(
    material.videoObjectKey ? { videoObjectKey: material.videoObjectKey, videoBucketName: material.videoBucketName!, fileName: material.fileName ?? '' } : null);
  const [cover, setCover] = useState<{ key: string; bucket: string } | null>(material.coverObjectKey ? { key: material.coverObjectKey, bucket: material.coverBucketName ?? 'image' } : null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const pickVideo = async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const p = videoProblem(file);
    if (p) {
      setProblem(t(p));
      return;
    }
    setUploading(true);
    const [seconds, info] = await Promise.all([durationOf(file), uploadFile(file, { purpose: 'training' })]);
    setUploading(false);
    if (!info) return;
    setVideo(info);
    setForm((f) => ({ ...f, durationSeconds: seconds ?? f.durationSeconds, title: f.title || file.name.replace(/\.[^.]+$/, '').slice(0, 48) }));
  };
  const pickCover = async (file: File | null) => {
    if (!file) return setCover(null);
    const info = await uploadFile(file, { purpose: 'cover' });
    if (info) setCover({ key: info.videoObjectKey, bucket: info.videoBucketName });
  };
  const save = useMutation({
    mutationFn: () => trainingApi.saveMaterial({
      materialId: material.materialId, groupId: Number(form.groupId), title: form.title.trim(), description: form.description || null,
      durationSeconds: form.durationSeconds, videoObjectKey: video!.videoObjectKey, videoBucketName: video!.videoBucketName,
      coverObjectKey: cover?.key ?? null, coverBucketName: cover?.bucket ?? null,
    }),
    onSuccess: () => {
      notifySuccess({ text: t('training.saved') });
      void queryClient.invalidateQueries({ queryKey: ['training'] });
      onDone();
      onClose();
    },
  });
  const ready = !!form.groupId && !!form.title.trim() && form.durationSeconds > 0 && !!video && !uploading;
  return (
    <Modal opened onClose={onClose} title={material.materialId ? t('training.material.edit') : t('training.material.add')} size="lg">
      <Stack>
        <FileInput label={t('training.fields.video')} description={t('training.material.videoHint')} accept=".mp4,.ogg,video/mp4,video/ogg" clearable
          placeholder={video?.fileName || t('training.material.choose')} onChange={(f) => void pickVideo(f)} error={problem} data-testid="material-video" />
        {uploading && <Alert color="blue">{t('training.material.uploading')}</Alert>}
        <Select label={t('training.fields.group')} required data={groupOptions} value={form.groupId} onChange={(v) => setForm({ ...form, groupId: v })} data-testid="material-group" />
        <TextInput label={t('training.fields.title')} required maxLength={48} value={form.title} onChange={(e) => setForm({ ...form, title: e.currentTarget.value })} data-testid="material-title" />
        <NumberInput label={t('training.fields.durationSeconds')} required min={1} max={86400} value={form.durationSeconds}
          onChange={(v) => setForm({ ...form, durationSeconds: Number(v) || 0 })} data-testid="material-duration" />
        <Textarea label={t('training.fields.description')} maxLength={500} value={form.description} onChange={(e) => setForm({ ...form, description: e.currentTarget.value })} />
        <FileInput label={t('training.fields.cover')} accept="image/*" clearable placeholder={cover ? t('training.material.coverSet') : t('training.material.choose')} onChange={(f) => void pickCover(f)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('training.cancel')}</Button>
          <Button loading={save.isPending} disabled={!ready} onClick={() => save.mutate()} data-testid="material-save">{t('training.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
