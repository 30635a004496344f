import { Button, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messagesApi } from '../../api/messages';
import { notifyError, notifySuccess } from '../../feedback/notify';
import { Permission } from '../../permission/Permission';

/** 发布版本 (system:version:publish): a version-log entry plus a version notice to every user of the tenant. */
export function PublishVersionButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [version, setVersion] = useState('');
  const [content, setContent] = useState('');
  const publish = useMutation({
    mutationFn: messagesApi.publishVersion,
    onSuccess: (answer) => {
      notifySuccess({ key: 'versionNotice.published', values: { count: answer.sent } });
      setOpened(false);
      setVersion('');
      setContent('');
      void queryClient.invalidateQueries({ queryKey: ['system', 'versionLogs'] });
    },
    // The server's message names the field (版本号…, 更新内容…) or says the version exists.
    onError: (error) => notifyError({ text: error.message }),
  });
  return (
    <Permission perm="system:version:publish">
      <Button size="xs" onClick={() => setOpened(true)} data-testid="version-publish">{t('versionNotice.publish')}</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('versionNotice.publish')}>
        <Stack>
          <TextInput label={t('versionLog.version')} required maxLength={24} value={version} onChange={(e) => setVersion(e.currentTarget.value)} data-testid="version-publish-version" />
          <Textarea label={t('versionLog.content')} required autosize minRows={3} maxLength={2000} value={content} onChange={(e) => setContent(e.currentTarget.value)} data-testid="version-publish-content" />
          <Button loading={publish.isPending} disabled={!version.trim() || !content.trim()} onClick={() => publish.mutate({ version: version.trim(), content })} data-testid="version-publish-submit">
            {t('common.submit')}
          </Button>
        </Stack>
      </Modal>
    </Permission>
  );
}
