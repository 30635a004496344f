import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { letterOf, normalizeQuestion, type QuestionInput, type QuestionType, scoreSumProblem, SUBMIT_GRACE_SECONDS } from './examScoring.ts';
import { ts } from './sql.ts';

/** 考试 for its managers: an exam and its questions (replaced as a whole while a draft), and its results. */

export interface ExamRow { id: number; exam_name: string; status: number; total_score: number; pass_score: number; duration: number; not_started: boolean; ended: boolean }

export async function examFor(tx: Queryable, examId: number, lock = false): Promise<ExamRow> {
  const exam = (await tx.query<ExamRow>(
    `SELECT id, exam_name, status, total_score, pass_score, duration,
            coalesce(start_time > now(), false) AS not_started, coalesce(end_time <= now(), false) AS ended
       FROM sys_exam WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [examId])).rows[0];
  // Another tenant's exam is as absent as a missing one (row-level security).
  if (!exam) throw new ApiError('NOT_FOUND', '考试不存在');
  return exam;
}

interface QuestionRow { questionId: number; sort: number; questionType: QuestionType; stem: string; options: string[]; answer: string; score: number }

export async function questionsOf(tx: Queryable, examId: number): Promise<QuestionRow[]> {
  return (await tx.query<QuestionRow>(
    `SELECT question_id AS "questionId", sort, question_type AS "questionType", stem, options, answer, score
       FROM sys_exam_question WHERE exam_id = $1 ORDER BY sort`, [examId])).rows;
}

export const optionList = (options: string[]) => options.map((text, i) => ({ key: letterOf(i), text }));

/** An exam's questions with their answers, and whether their scores add up to the exam's total. */
export async function examQuestions(tx: Queryable, examId: number) {
  const exam = await examFor(tx, examId);
  const questions = await questionsOf(tx, exam.id);
  return {
    examId: exam.id, examName: exam.exam_name, status: exam.status, editable: exam.status === 0, totalScore: exam.total_score,
    scoreSum: questions.reduce((s, q) => s + q.score, 0), scoreProblem: scoreSumProblem(questions.map((q) => q.score), exam.total_score),
    questions: questions.map((q) => ({ questionId: q.questionId, questionType: q.questionType, stem: q.stem, options: q.options, answer: [...q.answer], score: q.score })),
  };
}

/** Replaces a draft exam's questions in order (normalizeQuestion refuses a bad one); answers what their scores add up to. */
export async function saveQuestions(tx: Queryable, examId: number, questions: QuestionInput[]) {
  const exam = await examFor(tx, examId, true);
  if (exam.status !== 0) throw new ApiError('CONFLICT', `考试「${exam.exam_name}」已${exam.status === 1 ? '发布' : '结束'}，题目不能再修改`);
  const stored = questions.map((q, i) => normalizeQuestion(q, i));
  await tx.query(`DELETE FROM sys_exam_question WHERE exam_id = $1`, [exam.id]);
  if (stored.length) {
    await tx.query(
      `INSERT INTO sys_exam_question (tenant_id, exam_id, sort, question_type, stem, options, answer, score)
       SELECT app_current_tenant(), $1, x.i, x.t, x.stem, x.opts::jsonb, x.answer, x.score
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[]) WITH ORDINALITY AS x(t, stem, opts, answer, score, i)`,
      [exam.id, stored.map((q) => q.questionType), stored.map((q) => q.stem), stored.map((q) => JSON.stringify(q.options)), stored.map((q) => q.answer), stored.map((q) => q.score)]);
  }
  const problem = scoreSumProblem(stored.map((q) => q.score), exam.total_score);
  return { count: stored.length, scoreSum: stored.reduce((s, q) => s + q.score, 0), scoreProblem: problem };
}

const RESULT_STATE = `CASE WHEN a.submit_time IS NOT NULL THEN '已交卷'
  WHEN now() > a.deadline + make_interval(secs => ${SUBMIT_GRACE_SECONDS}) THEN '超时未交卷' ELSE '答题中' END`;

/** An exam's attempts (an attempt left past its time is 0 分, 不及格), pass rate and average. */
export async function examResults(tx: Queryable, examId: number) {
  const exam = await examFor(tx, examId);
  const records = (await tx.query<{ attemptId: number; name: string; userName: string; shopName: string | null; startTime: string; submitTime: string | null; usedMinutes: number | null; score: number | null; passed: boolean | null; stateName: string }>(
    `SELECT a.attempt_id AS "attemptId", coalesce(u.name, u.user_name) AS name, u.user_name AS "userName", s.shop_name AS "shopName",
            ${ts('a.start_time')} AS "startTime", ${ts('a.submit_time')} AS "submitTime",
            CASE WHEN a.submit_time IS NOT NULL THEN ceil(extract(epoch FROM a.submit_time - a.start_time) / 60)::int END AS "usedMinutes",
            -- an attempt left past its time is 0 分, 不及格
            CASE WHEN a.submit_time IS NOT NULL THEN a.score WHEN now() > a.deadline + make_interval(secs => ${SUBMIT_GRACE_SECONDS}) THEN 0 END AS score,
            CASE WHEN a.submit_time IS NOT NULL THEN a.passed WHEN now() > a.deadline + make_interval(secs => ${SUBMIT_GRACE_SECONDS}) THEN false END AS passed,
            ${RESULT_STATE} AS "stateName"
       FROM sys_exam_attempt a JOIN sys_user u ON u.id = a.user_id
       LEFT JOIN LATERAL (SELECT sb.shop_name FROM sys_user_shop us JOIN shop_base sb ON sb.shop_id = us.shop_id WHERE us.user_id = u.id ORDER BY us.shop_id LIMIT 1) s ON true
      WHERE a.exam_id = $1 ORDER BY a.start_time DESC, a.attempt_id DESC`, [examId])).rows;
  const finished = records.filter((r) => r.score !== null);
  const passedCount = finished.filter((r) => r.passed).length;
  return {
    examId: exam.id, examName: exam.exam_name, totalScore: exam.total_score, passScore: exam.pass_score,
    attemptCount: records.length, finishedCount: finished.length, passedCount,
    passRate: finished.length ? Math.round((passedCount * 1000) / finished.length) / 10 : 0,
    avgScore: finished.length ? Math.round((finished.reduce((s, r) => s + (r.score ?? 0), 0) * 10) / finished.length) / 10 : 0,
    // 及格 / 不及格 as a reader reads it (the results dialog lists it beside the score).
    records: records.map((r) => ({ ...r, passedName: r.passed === null ? null : r.passed ? '及格' : '不及格' })),
  };
}
