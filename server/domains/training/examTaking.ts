import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import {
  checkSheet, type ExamQuestion, QUESTION_TYPE_NAMES, scoreAnswers, type SheetAnswer, SUBMIT_GRACE_SECONDS,
} from './examScoring.ts';
import { examFor, type ExamRow, optionList, questionsOf } from './examAdmin.ts';
import { ts } from './sql.ts';

/**
 * 我的考试: a person starts one attempt of a published exam open now, answers within the exam's duration (drafts kept),
 * submits once and reads the result; scoring is examScoring.ts's, on the server.
 */

interface AttemptRow {
  attempt_id: number; exam_id: number; user_id: number; start_time: string; deadline: string; submit_time: string | null;
  answers: Record<string, string> | null; draft_answers: Record<string, string> | null; score: number | null; passed: boolean | null;
  seconds_left: number; late: boolean;
}
const ATTEMPT_SELECT = `SELECT attempt_id, exam_id, user_id, ${ts('start_time')} AS start_time, ${ts('deadline')} AS deadline,
  ${ts('submit_time')} AS submit_time, answers, draft_answers, score, passed,
  greatest(0, floor(extract(epoch FROM deadline - now())))::int AS seconds_left,
  now() > deadline + make_interval(secs => ${SUBMIT_GRACE_SECONDS}) AS late
  FROM sys_exam_attempt`;

/** A submitted attempt as its person reads it: the score, 及格 or not, and each question with the answer given and the right one. */
async function attemptResult(tx: Queryable, a: AttemptRow) {
  const exam = await examFor(tx, a.exam_id);
  const questions = await questionsOf(tx, a.exam_id);
  const answers = new Map(Object.entries(a.answers ?? {}).map(([k, v]) => [Number(k), v]));
  const { results } = scoreAnswers(questions, answers);
  return {
    attemptId: a.attempt_id, examId: exam.id, examName: exam.exam_name, totalScore: exam.total_score, passScore: exam.pass_score,
    startTime: a.start_time, submitTime: a.submit_time, score: a.score, passed: a.passed,
    wrongCount: results.filter((r) => !r.right).length,
    questions: questions.map((q, i) => ({
      questionId: q.questionId, no: i + 1, questionType: q.questionType, questionTypeName: QUESTION_TYPE_NAMES[q.questionType], stem: q.stem,
      options: optionList(q.options), score: q.score, given: results[i].given, answer: q.answer, right: results[i].right, got: results[i].got,
    })),
  };
}

/** The sheet a person answers: the questions in order, without their answers, and the clock. */
async function attemptSheet(tx: Queryable, exam: ExamRow, a: AttemptRow) {
  const questions = await questionsOf(tx, exam.id);
  return {
    attemptId: a.attempt_id, examId: exam.id, examName: exam.exam_name, totalScore: exam.total_score, passScore: exam.pass_score,
    duration: exam.duration, startTime: a.start_time, deadline: a.deadline, secondsLeft: a.seconds_left,
    // What was answered before a reload: question id -> letters.
    answers: Object.fromEntries(Object.entries(a.draft_answers ?? {}).map(([k, v]) => [k, [...v]])),
    questions: questions.map((q, i) => ({
      questionId: q.questionId, no: i + 1, questionType: q.questionType, questionTypeName: QUESTION_TYPE_NAMES[q.questionType], stem: q.stem,
      options: optionList(q.options), score: q.score,
    })),
  };
}

/** The caller's own attempt, locked; somebody else's is as absent as a missing one. */
async function ownAttempt(tx: Queryable, attemptId: number, userId: number): Promise<AttemptRow> {
  const a = (await tx.query<AttemptRow>(`${ATTEMPT_SELECT} WHERE attempt_id = $1 FOR UPDATE`, [attemptId])).rows[0];
  if (!a || a.user_id !== userId) throw new ApiError('NOT_FOUND', '答卷不存在');
  return a;
}

/** A sheet checked against the exam's questions (examScoring.checkSheet), naming a question of another exam as such. */
async function checkedSheet(tx: Queryable, examId: number, sheet: SheetAnswer[], known?: ExamQuestion[]): Promise<Map<number, string>> {
  const questions = known ?? await questionsOf(tx, examId);
  const ids = sheet.map((x) => x.questionId).filter((id) => !questions.some((q) => q.questionId === id));
  const foreign = ids.length
    ? new Set((await tx.query<{ question_id: number }>(`SELECT question_id FROM sys_exam_question WHERE question_id = ANY($1::int[])`, [ids])).rows.map((r) => r.question_id))
    : new Set<number>();
  return checkSheet(questions, sheet, foreign);
}

/** The exams the caller may take now and those taken, with their state and score. */
export async function myExams(tx: Queryable, userId: number) {
  return (await tx.query(
    `SELECT e.id AS "examId", e.exam_name AS "examName", e.exam_type AS "examType", e.total_score AS "totalScore", e.pass_score AS "passScore",
            e.duration, ${ts('e.start_time')} AS "startTime", ${ts('e.end_time')} AS "endTime", e.introduction,
            (SELECT count(*)::int FROM sys_exam_question q WHERE q.exam_id = e.id) AS "questionCount",
            (e.status = 1 AND coalesce(e.start_time <= now(), true) AND coalesce(e.end_time > now(), true)) AS open,
            a.attempt_id AS "attemptId",
            CASE WHEN a.attempt_id IS NULL THEN 'none' WHEN a.submit_time IS NOT NULL THEN 'submitted'
                 WHEN now() > a.deadline + make_interval(secs => ${SUBMIT_GRACE_SECONDS}) THEN 'timedOut' ELSE 'inProgress' END AS state,
            a.score, a.passed, ${ts('a.submit_time')} AS "submitTime"
       FROM sys_exam e LEFT JOIN sys_exam_attempt a ON a.exam_id = e.id AND a.user_id = $1
      WHERE a.attempt_id IS NOT NULL OR (e.status = 1 AND coalesce(e.start_time <= now(), true) AND coalesce(e.end_time > now(), true))
      ORDER BY (a.attempt_id IS NULL OR a.submit_time IS NULL) DESC, e.end_time NULLS LAST, e.id DESC`, [userId])).rows;
}

/** Starts (or resumes) the caller's one attempt of an exam open now; answers the sheet. */
export async function startAttempt(tx: Queryable, examId: number, userId: number) {
  const exam = await examFor(tx, examId);
  let a = (await tx.query<AttemptRow>(`${ATTEMPT_SELECT} WHERE exam_id = $1 AND user_id = $2`, [exam.id, userId])).rows[0];
  if (a?.submit_time) throw new ApiError('CONFLICT', `您已参加过考试「${exam.exam_name}」（得分 ${a.score} 分），每人限考一次`);
  if (a?.late) throw new ApiError('CONFLICT', `考试「${exam.exam_name}」的答题时间已到，未交卷`);
  if (!a) {
    if (exam.status !== 1) throw new ApiError('CONFLICT', `考试「${exam.exam_name}」${exam.status === 0 ? '尚未发布' : '已结束'}`);
    if (exam.not_started) throw new ApiError('CONFLICT', `考试「${exam.exam_name}」尚未开始`);
    if (exam.ended) throw new ApiError('CONFLICT', `考试「${exam.exam_name}」已结束`);
    // The clock stops at the exam's own end when that comes first. A double click starts one attempt.
    await tx.query(
      `INSERT INTO sys_exam_attempt (tenant_id, exam_id, user_id, deadline)
       SELECT app_current_tenant(), e.id, $2, least(now() + make_interval(mins => e.duration), coalesce(e.end_time, 'infinity'))
         FROM sys_exam e WHERE e.id = $1
       ON CONFLICT (tenant_id, exam_id, user_id) DO NOTHING`, [exam.id, userId]);
    a = (await tx.query<AttemptRow>(`${ATTEMPT_SELECT} WHERE exam_id = $1 AND user_id = $2`, [exam.id, userId])).rows[0];
  }
  return attemptSheet(tx, exam, a);
}

/** Keeps the caller's answers so far (not scored), while the attempt is open; answers how many. */
export async function saveDraft(tx: Queryable, attemptId: number, userId: number, sheet: SheetAnswer[]): Promise<number> {
  const a = await ownAttempt(tx, attemptId, userId);
  if (a.submit_time) throw new ApiError('CONFLICT', '已交卷，不能再修改答案');
  if (a.late) throw new ApiError('CONFLICT', `答题时间已到（截止 ${a.deadline}），不能再作答`);
  const answers = await checkedSheet(tx, a.exam_id, sheet);
  await tx.query(`UPDATE sys_exam_attempt SET draft_answers = $2::jsonb WHERE attempt_id = $1 AND submit_time IS NULL`, [a.attempt_id, JSON.stringify(Object.fromEntries(answers))]);
  return answers.size;
}

/** Scores and submits the caller's attempt once; a resent 交卷 answers the first result (again: true). */
export async function submitAttempt(tx: Queryable, attemptId: number, userId: number, sheet: SheetAnswer[]) {
  const a = await ownAttempt(tx, attemptId, userId);
  // A resent or double-clicked 交卷 answers the first result.
  if (a.submit_time) return { again: true, result: await attemptResult(tx, a) };
  if (a.late) throw new ApiError('CONFLICT', `答题时间已到（截止 ${a.deadline}），本次交卷未被接受`);
  const exam = await examFor(tx, a.exam_id);
  const questions: ExamQuestion[] = await questionsOf(tx, a.exam_id);
  const answers = await checkedSheet(tx, a.exam_id, sheet, questions);
  const { score } = scoreAnswers(questions, answers);
  const saved = (await tx.query<AttemptRow>(
    `UPDATE sys_exam_attempt SET submit_time = now(), answers = $2::jsonb, score = $3, passed = $4 WHERE attempt_id = $1 AND submit_time IS NULL
     RETURNING attempt_id`, [a.attempt_id, JSON.stringify(Object.fromEntries(answers)), score, score >= exam.pass_score])).rows[0];
  if (!saved) throw new ApiError('CONFLICT', '答卷状态已变更，请刷新后重试');
  const after = (await tx.query<AttemptRow>(`${ATTEMPT_SELECT} WHERE attempt_id = $1`, [a.attempt_id])).rows[0];
  return { again: false, result: await attemptResult(tx, after) };
}

/** The caller's own submitted attempt with its answers and the right ones. */
export async function myAttemptResult(tx: Queryable, attemptId: number, userId: number) {
  const a = (await tx.query<AttemptRow>(`${ATTEMPT_SELECT} WHERE attempt_id = $1`, [attemptId])).rows[0];
  if (!a || a.user_id !== userId) throw new ApiError('NOT_FOUND', '答卷不存在');
  if (!a.submit_time) throw new ApiError('CONFLICT', '尚未交卷，交卷后才能查看成绩与答案');
  return attemptResult(tx, a);
}
