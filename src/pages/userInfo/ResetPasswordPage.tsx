import { Alert, Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { systemApi } from '../../api/system';
import { notifySuccess } from '../../feedback/notify';
import { MAX_LENGTH } from '../../forms/inputRules';
import { passwordChangeProblem } from './passwordRules';

/** 修改密码: the server revokes the user's other sessions. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => systemApi.changePassword({ oldPassword, newPassword }),
    onSuccess: () => {
      notifySuccess({ key: 'password.changed' }, 4000);
      setOld('');
      setNew('');
      setConfirm('');
    },
    onError: (error) => setProblem(error.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = passwordChangeProblem(oldPassword, newPassword, confirm);
    setProblem(key ? t(key) : null);
    if (!key) change.mutate();
  };
  return (
    <Paper withBorder p="lg" maw={520} data-testid="reset-password-page">
      <form onSubmit={submit}>
        <Stack>
          <PasswordInput label={t('password.old')} value={oldPassword} maxLength={MAX_LENGTH.input} required onChange={(e) => setOld(e.currentTarget.value)} autoComplete="current-password" data-testid="password-old" />
          <PasswordInput label={t('password.new')} value={newPassword} maxLength={MAX_LENGTH.input} required onChange={(e) => setNew(e.currentTarget.value)} autoComplete="new-password" data-testid="password-new" />
          <PasswordInput label={t('password.confirm')} value={confirm} maxLength={MAX_LENGTH.input} required onChange={(e) => setConfirm(e.currentTarget.value)} autoComplete="new-password" data-testid="password-confirm" />
          {problem && <Alert color="red" data-testid="password-error">{problem}</Alert>}
          <Group>
            <Button type="submit" loading={change.isPending} data-testid="password-save">{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
