import { Alert, Badge, Button, Card, Center, Checkbox, Group, Loader, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyWarning } from '../../src/feedback/notify';
import { clock, examApi, type AttemptResult, type MyExam, type Sheet, type SheetQuestion } from './examApi';

type View = { kind: 'list' } | { kind: 'sheet'; sheet: Sheet } | { kind: 'result'; result: AttemptResult };

/**
 * 我的考试: the published exams open now (and the ones taken, with their scores); 开始考试 opens the answer sheet
 * (all questions on one page, the clock, the unanswered count before 交卷), 交卷 shows the server's score and the
 * wrong questions with their right answers.
 */
export default function MyExamPage() {
  const [view, setView] = useState<View>({ kind: 'list' });
  const qc = useQueryClient();
  const back = () => {
    setView({ kind: 'list' });
    void qc.invalidateQueries({ queryKey: ['exam', 'my'] });
  };
  if (view.kind === 'sheet') return <AnswerSheet sheet={view.sheet} onResult={(result) => setView({ kind: 'result', result })} />;
  if (view.kind === 'result') return <ResultView result={view.result} onBack={back} />;
  return <ExamList onSheet={(sheet) => setView({ kind: 'sheet', sheet })} onResult={(result) => setView({ kind: 'result', result })} />;
}

function ExamList({ onSheet, onResult }: { onSheet: (s: Sheet) => void; onResult: (r: AttemptResult) => void }) {
  const { t } = useTranslation();
  const my = useQuery({ queryKey: ['exam', 'my'], queryFn: examApi.my });
  const [busy, setBusy] = useState<number | null>(null);
  const open = async (e: MyExam) => {
    setBusy(e.examId);
    try {
      if (e.state === 'submitted' && e.attemptId) onResult(await examApi.result(e.attemptId));
      else onSheet(await examApi.start(e.examId));
    } catch {
      void my.refetch();
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack data-testid="my-exams">
      <Title order={4}>{t('exam.my.title')}</Title>
      {my.isLoading && <Center><Loader /></Center>}
      {my.data && !my.data.length && <Text c="dimmed" ta="center" py="xl">{t('exam.my.empty')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {my.data?.map((e) => (
          <Card key={e.examId} withBorder radius="md" data-testid={`exam-card-${e.examId}`}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{e.examName}</Text>
              {e.state === 'submitted' && <Badge color={e.passed ? 'green' : 'red'}>{t('exam.my.score', { score: e.score })} · {e.passed ? t('exam.result.passed') : t('exam.result.failed')}</Badge>}
              {e.state === 'timedOut' && <Badge color="gray">{t('exam.my.timedOut')}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {t('exam.my.questions', { count: e.questionCount })} · {t('exam.my.duration', { minutes: e.duration })} · {t('exam.my.total', { total: e.totalScore, pass: e.passScore })}
            </Text>
            <Text size="xs" c="dimmed">{t('exam.my.window')}：{e.startTime || e.endTime ? `${e.startTime ?? ''} ~ ${e.endTime ?? ''}` : t('exam.my.noWindow')}</Text>
            {e.introduction && <Text size="sm" mt={4}>{e.introduction}</Text>}
            {e.state === 'submitted' ? (
              <Button mt="sm" variant="light" fullWidth loading={busy === e.examId} onClick={() => void open(e)} data-testid="exam-view">{t('exam.my.view')}</Button>
            ) : e.state === 'timedOut' ? null : (
              <Button mt="sm" fullWidth disabled={!e.open && e.state !== 'inProgress'} loading={busy === e.examId} onClick={() => void open(e)} data-testid="exam-start">
                {e.state === 'inProgress' ? t('exam.my.resume') : !e.open ? t('exam.my.notOpen') : t('exam.my.start')}
              </Button>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Letters chosen per question id. */
type Answers = Record<number, string[]>;
const sheetAnswers = (sheet: Sheet, answers: Answers) => sheet.questions.map((q) => ({ questionId: q.questionId, answer: answers[q.questionId] ?? [] }));

function AnswerSheet({ sheet, onResult }: { sheet: Sheet; onResult: (r: AttemptResult) => void }) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Answers>(() => Object.fromEntries(Object.entries(sheet.answers ?? {}).map(([k, v]) => [Number(k), v])));
  const [current, setCurrent] = useState(0);
  const endsAt = useRef(Date.now() + sheet.secondsLeft * 1000);
  const [left, setLeft] = useState(sheet.secondsLeft);
  const [submitting, setSubmitting] = useState(false);
  const sent = useRef(false);
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const cards = useRef<(HTMLDivElement | null)[]>([]);
  const unanswered = sheet.questions.filter((q) => !answers[q.questionId]?.length).length;

  const submit = useCallback(async (auto: boolean) => {
    // One 交卷 per sheet, however often it is clicked (the server answers a resent one with the first result too).
    if (sent.current) return;
    sent.current = true;
    setSubmitting(true);
    try {
      const result = await examApi.submit(sheet.attemptId, sheetAnswers(sheet, answersRef.current));
      if (auto) notifyWarning({ key: 'exam.sheet.timeUp' });
      onResult(result);
    } catch {
      sent.current = false;
      setSubmitting(false);
    }
  }, [sheet, onResult]);

  // The answers are kept on the server as they change (a reload or a lost connection resumes with them).
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const timer = window.setTimeout(() => {
      if (sent.current) return;
      examApi.save(sheet.attemptId, sheetAnswers(sheet, answers)).then(() => setSavedAt(Date.now()), () => undefined);
    }, 600);
    return () => window.clearTimeout(timer);
  }, [answers, sheet]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const s = Math.max(0, Math.round((endsAt.current - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) {
        window.clearInterval(timer);
        void submit(true);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [submit]);

  const choose = useCallback((q: SheetQuestion, letter: string) => {
    setAnswers((prev) => {
      const had = prev[q.questionId] ?? [];
      if (q.questionType !== 2) return { ...prev, [q.questionId]: [letter] };
      const next = had.includes(letter) ? had.filter((l) => l !== letter) : [...had, letter].sort();
      return { ...prev, [q.questionId]: next };
    });
  }, []);

  const move = useCallback((to: number) => {
    const i = Math.max(0, Math.min(sheet.questions.length - 1, to));
    setCurrent(i);
    cards.current[i]?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [sheet.questions.length]);

  // Keyboard: a letter picks (or toggles) an option of the current question; ↑/↓ or J/K moves between questions.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || (e.target as HTMLElement | null)?.closest('input[type=text], textarea, [role=dialog]')) return;
      const k = e.key.toUpperCase();
      if (k === 'ARROWDOWN' || k === 'J') { e.preventDefault(); move(current + 1); return; }
      if (k === 'ARROWUP' || k === 'K') { e.preventDefault(); move(current - 1); return; }
      const q = sheet.questions[current];
      if (q && /^[A-H]$/.test(k) && q.options.some((o) => o.key === k)) {
        e.preventDefault();
        choose(q, k);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, sheet.questions, choose, move]);

  const confirmSubmit = () => modals.openConfirmModal({
    title: t('exam.sheet.confirmTitle'),
    children: <Text size="sm" data-testid="exam-confirm-text">{unanswered ? t('exam.sheet.confirmSome', { count: unanswered }) : t('exam.sheet.confirmAll')}</Text>,
    labels: { confirm: t('exam.sheet.submit'), cancel: t('common.cancel') },
    confirmProps: { 'data-testid': 'exam-submit-confirm' },
    onConfirm: () => void submit(false),
  });

  return (
    <Stack data-testid="exam-sheet">
      <Paper withBorder p="sm" pos="sticky" top={0} style={{ zIndex: 5 }}>
        <Group justify="space-between">
          <Title order={4}>{sheet.examName}</Title>
          <Group>
            <Text c={left <= 60 ? 'red' : undefined} fw={600} data-testid="exam-time-left">{t('exam.sheet.timeLeft')} {clock(left)}</Text>
            <Badge color={unanswered ? 'orange' : 'green'} data-testid="exam-unanswered">{t('exam.sheet.unanswered', { count: unanswered })}</Badge>
            <Button onClick={confirmSubmit} loading={submitting} data-testid="exam-submit">{t('exam.sheet.submit')}</Button>
          </Group>
        </Group>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">{t('exam.sheet.keys')}</Text>
          {savedAt && <Text size="xs" c="dimmed" data-testid="exam-saved">{t('exam.sheet.saved')}</Text>}
        </Group>
      </Paper>
      {sheet.questions.map((q, i) => {
        const chosen = answers[q.questionId] ?? [];
        return (
          <Card key={q.questionId} withBorder radius="md" ref={(el) => { cards.current[i] = el; }} onClick={() => setCurrent(i)}
            style={i === current ? { borderColor: 'var(--mantine-color-blue-5)' } : undefined} data-testid={`exam-question-${q.no}`}>
            <Text fw={600} mb="xs">{q.no}. [{q.questionTypeName}] {q.stem} <Text span c="dimmed" size="sm">（{t('exam.sheet.points', { score: q.score })}）</Text></Text>
            {q.questionType === 2 ? (
              <Checkbox.Group value={chosen} onChange={(v) => setAnswers((p) => ({ ...p, [q.questionId]: [...v].sort() }))}>
                <Stack gap={6}>{q.options.map((o) => <Checkbox key={o.key} value={o.key} label={`${o.key}. ${o.text}`} />)}</Stack>
              </Checkbox.Group>
            ) : (
              <Radio.Group value={chosen[0] ?? null} onChange={(v) => setAnswers((p) => ({ ...p, [q.questionId]: [v] }))}>
                <Stack gap={6}>{q.options.map((o) => <Radio key={o.key} value={o.key} label={`${o.key}. ${o.text}`} />)}</Stack>
              </Radio.Group>
            )}
          </Card>
        );
      })}
      <Group justify="flex-end">
        <Text size="sm" c="dimmed">{t('exam.sheet.answered', { count: sheet.questions.length - unanswered, total: sheet.questions.length })}</Text>
        <Button onClick={confirmSubmit} loading={submitting}>{t('exam.sheet.submit')}</Button>
      </Group>
    </Stack>
  );
}

function ResultView({ result, onBack }: { result: AttemptResult; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="exam-result">
      <Group justify="space-between">
        <Title order={4}>{t('exam.result.title')} · {result.examName}</Title>
        <Button variant="default" onClick={onBack} data-testid="exam-back">{t('exam.sheet.back')}</Button>
      </Group>
      <Alert color={result.passed ? 'green' : 'red'}>
        <Group>
          <Text size="xl" fw={700} data-testid="exam-result-score">{t('exam.result.score')} {result.score} / {result.totalScore}</Text>
          <Badge size="lg" color={result.passed ? 'green' : 'red'} data-testid="exam-result-passed">{result.passed ? t('exam.result.passed') : t('exam.result.failed')}</Badge>
          <Text>{result.wrongCount ? t('exam.result.wrong', { count: result.wrongCount }) : t('exam.result.allRight')}</Text>
        </Group>
      </Alert>
      {result.questions.map((q) => (
        <Card key={q.questionId} withBorder radius="md" data-testid={`exam-result-question-${q.no}`} style={q.right ? undefined : { borderColor: 'var(--mantine-color-red-5)' }}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{q.no}. [{q.questionTypeName}] {q.stem}</Text>
            <Badge color={q.right ? 'green' : 'red'}>{q.right ? t('exam.result.right') : t('exam.result.wrongMark')} · {q.got}/{q.score}</Badge>
          </Group>
          <Stack gap={2} mt="xs">{q.options.map((o) => <Text key={o.key} size="sm" c={q.answer.includes(o.key) ? 'green' : undefined}>{o.key}. {o.text}</Text>)}</Stack>
          <Text size="sm" mt="xs">
            {t('exam.result.given')}：{q.given || t('exam.result.none')}
            {!q.right && <Text span c="green" fw={600}>　{t('exam.result.answer')}：{q.answer}</Text>}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
