import { Alert, Button, FileInput, Group, Modal, NumberInput, Pagination, Paper, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileInfo } from '../../src/api/files';
import { notifySuccess } from '../../src/feedback/notify';
import { usePermission } from '../../src/permission/Permission';
import { uploadFile } from '../../src/upload/uploader';
import { CoursePlayer } from './CoursePlayer';
import { minutes, trainingApi, type GroupNode, type Material } from './api';
import { confirmDelete } from './confirmDelete';
import { TRAINING_PERMS } from './perms';

const PAGE_SIZE = 20;
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

/** 视频资料: the courses (title, group, description, cover, video, duration); upload, edit, preview, delete. */
export default function VideoMaterialPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = usePermission(TRAINING_PERMS.materialEdit);
  const [page, setPage] = useState(1);
  const [title, setTitle] = useState('');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [applied, setApplied] = useState<{ title: string | null; groupId: number | null }>({ title: null, groupId: null });
  const groups = useQuery({ queryKey: ['training', 'groups'], queryFn: trainingApi.groups });
  const list = useQuery({ queryKey: ['training', 'materials', page, applied], queryFn: () => trainingApi.materials(page, PAGE_SIZE, applied) });
  const [editing, setEditing] = useState<Partial<Material> | null>(null);
  const [playing, setPlaying] = useState<Material | null>(null);
  const remove = useMutation({
    mutationFn: trainingApi.deleteMaterial,
    onSuccess: () => {
      notifySuccess({ text: t('training.deleted') });
      void queryClient.invalidateQueries({ queryKey: ['training'] });
    },
  });
  const share = (materialId: number) => {
    const url = `${window.location.origin}/h5/courseSharing?materialId=${materialId}`;
    void navigator.clipboard?.writeText(url).catch(() => undefined);
    notifySuccess({ text: t('training.material.shareCopied', { url }) }, 6000);
  };
  const groupOptions = flatGroups(groups.data ?? []).map((g) => ({ value: String(g.groupId), label: g.groupName }));
  return (
    <Stack data-testid="video-materials">
      <Group justify="space-between" align="end">
        <Title order={4}>{t('training.material.title')}</Title>
        <Group align="end" gap="xs">
          <TextInput label={t('training.fields.title')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
          <Select label={t('training.fields.group')} clearable data={groupOptions} value={groupId} onChange={setGroupId} />
          <Button onClick={() => { setPage(1); setApplied({ title: title.trim() || null, groupId: groupId ? Number(groupId) : null }); }}>{t('training.search')}</Button>
          {canEdit && <Button onClick={() => setEditing({})} data-testid="material-add">{t('training.material.add')}</Button>}
        </Group>
      </Group>
      <Paper withBorder>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('training.fields.title')}</Table.Th><Table.Th>{t('training.fields.group')}</Table.Th><Table.Th>{t('training.fields.duration')}</Table.Th>
              <Table.Th>{t('training.fields.fileName')}</Table.Th><Table.Th>{t('training.fields.assignedCount')}</Table.Th><Table.Th>{t('training.fields.createTime')}</Table.Th><Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.records.map((m) => (
              <Table.Tr key={m.materialId} data-testid={`material-row-${m.title}`}>
                <Table.Td>{m.title}</Table.Td><Table.Td>{m.groupName}</Table.Td><Table.Td>{minutes(m.durationSeconds)}</Table.Td>
                <Table.Td>{m.fileName}</Table.Td><Table.Td>{m.assignedCount}</Table.Td><Table.Td>{m.createTime}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="compact-sm" variant="light" onClick={() => setPlaying(m)}>{t('training.material.preview')}</Button>
                    <Button size="compact-sm" variant="subtle" onClick={() => share(m.materialId)}>{t('training.material.share')}</Button>
                    {canEdit && <Button size="compact-sm" variant="light" onClick={() => setEditing(m)}>{t('training.edit')}</Button>}
                    {canEdit && <Button size="compact-sm" variant="light" color="red" onClick={() => confirmDelete(t, m.title, () => remove.mutate(m.materialId))}>{t('training.delete')}</Button>}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {list.data && !list.data.records.length && <Text c="dimmed" ta="center" p="md">{t('training.empty')}</Text>}
      </Paper>
      {(list.data?.total ?? 0) > PAGE_SIZE && <Pagination value={page} onChange={setPage} total={Math.ceil((list.data?.total ?? 0) / PAGE_SIZE)} />}
      {editing && <MaterialDialog material={editing} groupOptions={groupOptions} onClose={() => setEditing(null)} />}
      <Modal opened={!!playing} onClose={() => setPlaying(null)} title={playing?.title} size="xl">
        {playing && <CoursePlayer materialId={playing.materialId} />}
      </Modal>
    </Stack>
  );
}

function MaterialDialog({ material, groupOptions, onClose }: { material: Partial<Material>; groupOptions: { value: string; label: string }[]; onClose: () => void }) {
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
