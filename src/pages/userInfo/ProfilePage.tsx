import { Avatar, Button, FileButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { systemApi } from '../../api/system';
import { notifySuccess } from '../../feedback/notify';
import { MAX_LENGTH } from '../../forms/inputRules';
import { appState } from '../../store/appStore';
import { uploadFile } from '../../upload/uploader';

const AVATAR_TYPES = 'image/png,image/jpeg,image/gif,image/webp,image/bmp';

/** 个人设置: the user's display name and avatar (uploaded, or a URL). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useSnapshot(appState).user;
  const [name, setName] = useState(user?.name ?? '');
  const [avatar, setAvatar] = useState(user?.headPortrait ?? '');
  const save = useMutation({
    mutationFn: () => systemApi.editProfile({ name: name.trim(), headPortrait: avatar.trim() }),
    onSuccess: () => {
      if (appState.user) {
        appState.user.name = name.trim();
        appState.user.headPortrait = avatar.trim();
      }
      notifySuccess({ key: 'profile.saved' });
    },
  });
  // A new avatar is uploaded (chunked when large, shown in the upload queue) and saved at once.
  const changeAvatar = useMutation({
    mutationFn: async (file: File) => {
      const info = await uploadFile(file, { purpose: 'avatar' });
      if (!info) return null;
      const current = appState.user?.name ?? name.trim();
      await systemApi.editProfile({ name: current, headPortrait: info.url });
      return info.url;
    },
    onSuccess: (url) => {
      if (!url) return;
      setAvatar(url);
      if (appState.user) appState.user.headPortrait = url;
      notifySuccess({ key: 'upload.avatarSaved' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate();
  };
  return (
    <Paper withBorder p="lg" maw={520} data-testid="profile-page">
      <form onSubmit={submit}>
        <Stack>
          <Group>
            <Avatar src={avatar || null} size={56} radius="xl" data-testid="profile-avatar-image">{name.slice(0, 1)}</Avatar>
            <div>
              <Text fw={600}>{user?.userName}</Text>
              <Text size="sm" c="dimmed">{t('profile.phone')}: {user?.phone ?? '-'}</Text>
            </div>
            <Stack gap={2} ml="auto" align="flex-end">
              <FileButton onChange={(file) => file && changeAvatar.mutate(file)} accept={AVATAR_TYPES}>
                {(props) => <Button {...props} variant="light" size="xs" loading={changeAvatar.isPending} data-testid="profile-avatar-upload">{t('upload.avatarButton')}</Button>}
              </FileButton>
              <Text size="xs" c="dimmed">{t('upload.avatarHint')}</Text>
            </Stack>
          </Group>
          <TextInput label={t('profile.name')} value={name} maxLength={MAX_LENGTH.name} required onChange={(e) => setName(e.currentTarget.value)} data-testid="profile-name" />
          <TextInput label={t('profile.avatar')} value={avatar} maxLength={MAX_LENGTH.url} onChange={(e) => setAvatar(e.currentTarget.value)}
            placeholder="https://" data-testid="profile-avatar" />
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="profile-save">{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
