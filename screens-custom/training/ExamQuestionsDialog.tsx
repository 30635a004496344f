import { ActionIcon, Alert, Badge, Button, Card, Center, Checkbox, Group, Loader, Modal, NumberInput, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../src/feedback/notify';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';
import { examApi, type EditQuestion, type QuestionType } from './examApi';

const letter = (i: number) => String.fromCharCode(65 + i);
const JUDGE = ['正确', '错误'];
const blank = (): EditQuestion => ({ questionType: 1, stem: '', options: ['', '', '', ''], answer: [], score: 10 });

/**
 * 题目 of a 考试 (row action on the 考试 list): single choice, multiple choice and 判断, each with its stem, options
 * A, B, C..., correct answer(s) and score, saved as a whole (the server checks each one by its number). Read-only once
 * the exam is published; the sum against 总分 is shown, and the server refuses 发布 until they agree.
 */
export default function ExamQuestionsDialog({ row, onClose, onDone }: RowDialogProps) {
  const { t } = useTranslation();
  const examId = Number(row?.id);
  const loaded = useQuery({ queryKey: ['exam', 'questions', examId], queryFn: () => examApi.questions(examId), gcTime: 0 });
  const [questions, setQuestions] = useState<EditQuestion[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (loaded.data) setQuestions(loaded.data.questions.map((q) => ({ ...q, options: q.questionType === 3 ? [...JUDGE] : q.options })));
  }, [loaded.data]);
  const editable = !!loaded.data?.editable;
  const sum = questions.reduce((s, q) => s + (Number(q.score) || 0), 0);
  const total = loaded.data?.totalScore ?? 0;

  const patch = (i: number, p: Partial<EditQuestion>) => setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...p } : q)));
  const setType = (i: number, type: QuestionType) => patch(i, type === 3 ? { questionType: 3, options: [...JUDGE], answer: [] } : { questionType: type, options: questions[i].questionType === 3 ? ['', '', '', ''] : questions[i].options, answer: [] });
  const moveQ = (i: number, d: number) => setQuestions((qs) => {
    const j = i + d;
    if (j < 0 || j >= qs.length) return qs;
    const next = [...qs];
    [next[i], next[j]] = [next[j], next[i]];
    return next;
  });
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await examApi.saveQuestions(examId, questions.map((q) => ({
        questionType: q.questionType, stem: q.stem, options: q.questionType === 3 ? null as unknown as string[] : q.options, answer: q.answer, score: Number(q.score),
      })));
      notifySuccess({ text: r.scoreProblem ? `${t('exam.questions.saved')}；${r.scoreProblem}` : t('exam.questions.saved') });
      onDone();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const types = [{ value: '1', label: t('exam.questions.types.single') }, { value: '2', label: t('exam.questions.types.multiple') }, { value: '3', label: t('exam.questions.types.judge') }];
  return (
    <Modal opened onClose={onClose} title={t('exam.questions.title', { name: String(row?.examName ?? '') })} size="xl" centered>
      <Stack data-testid="exam-questions-dialog">
        {loaded.isLoading && <Center><Loader /></Center>}
        {loaded.data && !editable && <Alert color="gray">{t('exam.questions.locked')}</Alert>}
        {loaded.data && (
          <Group justify="space-between">
            <Badge color={sum === total ? 'green' : 'orange'} size="lg" data-testid="exam-questions-sum">{t('exam.questions.sum', { sum, total })}</Badge>
            {editable && <Button variant="light" onClick={() => setQuestions((qs) => [...qs, blank()])} data-testid="exam-question-add">{t('exam.questions.add')}</Button>}
          </Group>
        )}
        {loaded.data && !questions.length && <Text c="dimmed" ta="center">{t('exam.questions.empty')}</Text>}
        {questions.map((q, i) => (
          <Card key={i} withBorder data-testid={`exam-edit-question-${i + 1}`}>
            <Group align="flex-end" wrap="nowrap">
              <Text fw={600}>{i + 1}.</Text>
              <Select label={t('exam.questions.type')} data={types} value={String(q.questionType)} allowDeselect={false} readOnly={!editable} w={130}
                onChange={(v) => v && setType(i, Number(v) as QuestionType)} />
              <NumberInput label={t('exam.questions.score')} value={q.score} min={1} max={1000} allowDecimal={false} readOnly={!editable} w={100}
                onChange={(v) => patch(i, { score: Number(v) || 0 })} />
              {editable && (
                <Group gap={4} ml="auto">
                  <ActionIcon variant="subtle" aria-label={t('exam.questions.up')} onClick={() => moveQ(i, -1)}>↑</ActionIcon>
                  <ActionIcon variant="subtle" aria-label={t('exam.questions.down')} onClick={() => moveQ(i, 1)}>↓</ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={t('exam.questions.remove')} onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}>×</ActionIcon>
                </Group>
              )}
            </Group>
            <Textarea label={t('exam.questions.stem')} autosize minRows={1} maxLength={500} value={q.stem} readOnly={!editable} mt="xs"
              onChange={(e) => patch(i, { stem: e.currentTarget.value })} />
            <Text size="sm" mt="xs">{t('exam.questions.options')} · {t('exam.questions.answer')}</Text>
            <Stack gap={4}>
              {q.options.map((o, k) => {
                const on = q.answer.includes(letter(k));
                const mark = () => patch(i, { answer: q.questionType === 2 ? (on ? q.answer.filter((a) => a !== letter(k)) : [...q.answer, letter(k)].sort()) : [letter(k)] });
                return (
                  <Group key={k} wrap="nowrap" gap="xs">
                    {!editable
                      ? <Badge w={28} px={0} color={on ? 'green' : 'gray'} variant={on ? 'filled' : 'outline'}>{on ? '✓' : ''}</Badge>
                      : q.questionType === 2
                        ? <Checkbox checked={on} onChange={mark} aria-label={`${t('exam.questions.answer')} ${letter(k)}`} />
                        : <Radio checked={on} onChange={mark} aria-label={`${t('exam.questions.answer')} ${letter(k)}`} />}
                    <Text w={16}>{letter(k)}</Text>
                    <TextInput style={{ flex: 1 }} value={o} maxLength={200} readOnly={!editable || q.questionType === 3}
                      onChange={(e) => { const v = e.currentTarget.value; patch(i, { options: q.options.map((x, m) => (m === k ? v : x)) }); }} />
                    {editable && q.questionType !== 3 && q.options.length > 2 && (
                      <ActionIcon variant="subtle" color="red" aria-label={t('exam.questions.removeOption')}
                        onClick={() => patch(i, { options: q.options.filter((_, m) => m !== k), answer: q.answer.filter((a) => a !== letter(k)).map((a) => (a > letter(k) ? letter(a.charCodeAt(0) - 66) : a)) })}>×</ActionIcon>
                    )}
                  </Group>
                );
              })}
              {editable && q.questionType !== 3 && q.options.length < 8 && (
                <Button variant="subtle" size="xs" w="fit-content" onClick={() => patch(i, { options: [...q.options, ''] })}>{t('exam.questions.addOption')}</Button>
              )}
            </Stack>
          </Card>
        ))}
        {error && <Alert color="red" data-testid="exam-questions-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          {editable && <Button onClick={() => void save()} loading={busy} data-testid="exam-questions-save">{t('common.save')}</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
