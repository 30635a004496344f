import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import {
  checkSheet, ExamRefusal, letterOf, normalizeQuestion, QUESTION_TYPE_NAMES, scoreAnswers, scoreSumProblem, SUBMIT_GRACE_SECONDS,
  type ExamQuestion, type QuestionInput, type QuestionType, type SheetAnswer,
} from './examScoring.ts';
import { sendXlsx, xlsx } from './sheets.ts';
import { ts } from './sql.ts';

/**
 * 考试 beyond its header (the header is the descriptor resource sys-exam): its questions, edited by the exam's managers
 * while it is a draft; 我的考试, where a person starts an attempt of a published exam open now, answers within the
 * exam's duration and submits once; and the results per exam for the managers. Scoring is examScoring.ts's, on the
 * server. Taking needs the 我的考试 menu (its path is the permission); managing needs system:exam:*.
 */
export const EXAM_PERMS = { list: 'system:exam:list', edit: 'system:exam:edit', take: '/training/myExam' } as const;

const tags = ['wxy-system-server'];
const ID = (title: string) => ({ type: 'integer', minimum: 1, maximum: 2147483647, title }) as const;
const refused = (err: unknown): never => {
  if (err instanceof ExamRefusal) throw new ApiError('BAD_REQUEST', err.message);
  return asCallerError(err);
};

interface ExamRow { id: number; exam_name: string; status: number; total_score: number; pass_score: number; duration: number; not_started: boolean; ended: boolean }

async function examFor(tx: Queryable, examId: number, lock = false): Promise<ExamRow> {
  const exam = (await tx.query<ExamRow>(
    `SELECT id, exam_name, status, total_score, pass_score, duration,
            coalesce(start_time > now(), false) AS not_started, coalesce(end_time <= now(), false) AS ended
       FROM sys_exam WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [examId])).rows[0];
  // Another tenant's exam is as absent as a missing one (row-level security).
  if (!exam) throw new ApiError('NOT_FOUND', '考试不存在');
  return exam;
}

interface QuestionRow { questionId: number; sort: number; questionType: QuestionType; stem: string; options: string[]; answer: string; score: number }

async function questionsOf(tx: Queryable, examId: number): Promise<QuestionRow[]> {
  return (await tx.query<QuestionRow>(
    `SELECT question_id AS "questionId", sort, question_type AS "questionType", stem, options, answer, score
       FROM sys_exam_question WHERE exam_id = $1 ORDER BY sort`, [examId])).rows;
}

const optionList = (options: string[]) => options.map((text, i) => ({ key: letterOf(i), text }));

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

const questionBody = {
  type: 'object', additionalProperties: false, required: ['questions'],
  properties: {
    questions: {
      type: 'array', title: '题目', maxItems: 200,
      items: {
        type: 'object', additionalProperties: false, required: ['questionType', 'stem', 'answer', 'score'],
        properties: {
          questionType: { type: 'integer', title: '题型', enum: [1, 2, 3] },
          stem: { type: 'string', title: '题干', minLength: 1, maxLength: 500 },
          options: { type: ['array', 'null'], title: '选项', maxItems: 8, items: { type: 'string', title: '选项', maxLength: 200 } },
          answer: { type: 'array', title: '正确答案', maxItems: 8, items: { type: 'string', title: '正确答案', minLength: 1, maxLength: 1 } },
          score: { type: 'integer', title: '分值', minimum: 1, maximum: 1000 },
        },
      },
    },
  },
} as const;

const RESULT_STATE = `CASE WHEN a.submit_time IS NOT NULL THEN '已交卷'
  WHEN now() > a.deadline + make_interval(secs => ${SUBMIT_GRACE_SECONDS}) THEN '超时未交卷' ELSE '答题中' END`;

async function examResults(tx: Queryable, examId: number) {
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
    records,
  };
}

const sheetBody = {
  type: 'object', additionalProperties: false, required: ['attemptId', 'answers'],
  properties: {
    attemptId: ID('答卷'),
    answers: {
      type: 'array', title: '答案', maxItems: 200,
      items: {
        type: 'object', additionalProperties: false, required: ['questionId', 'answer'],
        properties: { questionId: ID('题目'), answer: { type: 'array', title: '答案', maxItems: 8, items: { type: 'string', title: '答案', maxLength: 2 } } },
      },
    },
  },
} as const;

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

export const examRoutes = () => async (app: FastifyInstance) => {
  // ---- questions (managers) --------------------------------------------------------------------------------------
  app.get<{ Params: { examId: number } }>('/sys-exam/questions/:examId', {
    config: { perm: EXAM_PERMS.list },
    schema: { tags, summary: '考试的题目（含正确答案），及分值合计与总分是否一致', params: { type: 'object', required: ['examId'], properties: { examId: ID('考试') } } },
  }, async (req) => ok(await req.tenantTx(async (tx) => {
    const exam = await examFor(tx, req.params.examId);
    const questions = await questionsOf(tx, exam.id);
    return {
      examId: exam.id, examName: exam.exam_name, status: exam.status, editable: exam.status === 0, totalScore: exam.total_score,
      scoreSum: questions.reduce((s, q) => s + q.score, 0), scoreProblem: scoreSumProblem(questions.map((q) => q.score), exam.total_score),
      questions: questions.map((q) => ({ questionId: q.questionId, questionType: q.questionType, stem: q.stem, options: q.options, answer: [...q.answer], score: q.score })),
    };
  })));

  app.put<{ Params: { examId: number }; Body: { questions: QuestionInput[] } }>('/sys-exam/questions/:examId', {
    config: { perm: EXAM_PERMS.edit },
    schema: {
      tags, summary: '保存考试的全部题目（按顺序整体替换；仅草稿可改）：单选、多选、判断，题干、选项、正确答案、分值',
      params: { type: 'object', required: ['examId'], properties: { examId: ID('考试') } }, body: questionBody,
    },
  }, async (req) => req.tenantTx(async (tx) => {
    const exam = await examFor(tx, req.params.examId, true);
    if (exam.status !== 0) throw new ApiError('CONFLICT', `考试「${exam.exam_name}」已${exam.status === 1 ? '发布' : '结束'}，题目不能再修改`);
    const stored = req.body.questions.map((q, i) => normalizeQuestion(q, i));
    await tx.query(`DELETE FROM sys_exam_question WHERE exam_id = $1`, [exam.id]);
    if (stored.length) {
      await tx.query(
        `INSERT INTO sys_exam_question (tenant_id, exam_id, sort, question_type, stem, options, answer, score)
         SELECT app_current_tenant(), $1, x.i, x.t, x.stem, x.opts::jsonb, x.answer, x.score
           FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[]) WITH ORDINALITY AS x(t, stem, opts, answer, score, i)`,
        [exam.id, stored.map((q) => q.questionType), stored.map((q) => q.stem), stored.map((q) => JSON.stringify(q.options)), stored.map((q) => q.answer), stored.map((q) => q.score)]);
    }
    const problem = scoreSumProblem(stored.map((q) => q.score), exam.total_score);
    return ok({ count: stored.length, scoreSum: stored.reduce((s, q) => s + q.score, 0), scoreProblem: problem }, problem ? `已保存；${problem}，发布前请调整` : '已保存');
  }).catch(refused));

  // ---- results (managers) ----------------------------------------------------------------------------------------
  app.get<{ Params: { examId: number } }>('/sys-exam/results/:examId', {
    config: { perm: EXAM_PERMS.list },
    schema: { tags, summary: '考试成绩：参考人员、开始与交卷时间、得分、是否及格，及格率与平均分', params: { type: 'object', required: ['examId'], properties: { examId: ID('考试') } } },
  }, async (req) => ok(await req.tenantTx((tx) => examResults(tx, req.params.examId))));

  app.get<{ Params: { examId: number } }>('/sys-exam/results/:examId/export', {
    config: { perm: EXAM_PERMS.list },
    schema: { tags, summary: '导出考试成绩（xlsx）', params: { type: 'object', required: ['examId'], properties: { examId: ID('考试') } } },
  }, async (req, reply) => {
    const r = await req.tenantTx((tx) => examResults(tx, req.params.examId));
    if (!r.records.length) throw new ApiError('BAD_REQUEST', '暂无考试记录');
    return sendXlsx(reply, `考试成绩_${r.examName}.xlsx`, await xlsx('考试成绩', ['姓名', '账号', '门店', '开始时间', '交卷时间', '用时（分钟）', '得分', '是否及格', '状态'],
      r.records.map((x) => [x.name, x.userName, x.shopName, x.startTime, x.submitTime, x.usedMinutes, x.score, x.passed === null ? '' : x.passed ? '及格' : '不及格', x.stateName])));
  });

  // ---- 我的考试 (the person taking) --------------------------------------------------------------------------------
  app.get('/sys-exam/my', {
    config: { perm: EXAM_PERMS.take },
    schema: { tags, summary: '我的考试：现在可参加的已发布考试，以及本人参加过的考试和成绩' },
  }, async (req) => ok(await req.tenantTx(async (tx) => (await tx.query(
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
      ORDER BY (a.attempt_id IS NULL OR a.submit_time IS NULL) DESC, e.end_time NULLS LAST, e.id DESC`, [req.auth!.userId])).rows)));

  app.post<{ Params: { examId: number } }>('/sys-exam/attempt/start/:examId', {
    config: { perm: EXAM_PERMS.take },
    schema: { tags, summary: '开始（或继续）考试：按顺序给出题目（不含答案）并开始计时；每人每场考试限考一次', params: { type: 'object', required: ['examId'], properties: { examId: ID('考试') } } },
  }, async (req) => req.tenantTx(async (tx) => {
    const exam = await examFor(tx, req.params.examId);
    const userId = req.auth!.userId;
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
    return ok(await attemptSheet(tx, exam, a));
  }).catch(refused));

  app.put<{ Body: { attemptId: number; answers: SheetAnswer[] } }>('/sys-exam/attempt/save', {
    config: { perm: EXAM_PERMS.take },
    schema: { tags, summary: '保存作答进度（不评分；刷新或断网后继续答题时恢复）', body: sheetBody },
  }, async (req) => req.tenantTx(async (tx) => {
    const a = await ownAttempt(tx, req.body.attemptId, req.auth!.userId);
    if (a.submit_time) throw new ApiError('CONFLICT', '已交卷，不能再修改答案');
    if (a.late) throw new ApiError('CONFLICT', `答题时间已到（截止 ${a.deadline}），不能再作答`);
    const answers = await checkedSheet(tx, a.exam_id, req.body.answers);
    await tx.query(`UPDATE sys_exam_attempt SET draft_answers = $2::jsonb WHERE attempt_id = $1 AND submit_time IS NULL`, [a.attempt_id, JSON.stringify(Object.fromEntries(answers))]);
    return ok({ saved: answers.size }, '已保存');
  }).catch(refused));

  app.post<{ Body: { attemptId: number; answers: SheetAnswer[] } }>('/sys-exam/attempt/submit', {
    config: { perm: EXAM_PERMS.take },
    schema: {
      tags,
      summary: `交卷：服务器评分（单选、判断答对得全分；多选全对才得分）；超过考试时长 ${SUBMIT_GRACE_SECONDS} 秒后的交卷不被接受；重复交卷返回第一次的成绩`,
      body: sheetBody,
    },
  }, async (req) => req.tenantTx(async (tx) => {
    const a = await ownAttempt(tx, req.body.attemptId, req.auth!.userId);
    // A resent or double-clicked 交卷 answers the first result.
    if (a.submit_time) return ok(await attemptResult(tx, a), '已交卷');
    if (a.late) throw new ApiError('CONFLICT', `答题时间已到（截止 ${a.deadline}），本次交卷未被接受`);
    const exam = await examFor(tx, a.exam_id);
    const questions: ExamQuestion[] = await questionsOf(tx, a.exam_id);
    const answers = await checkedSheet(tx, a.exam_id, req.body.answers, questions);
    const { score } = scoreAnswers(questions, answers);
    const saved = (await tx.query<AttemptRow>(
      `UPDATE sys_exam_attempt SET submit_time = now(), answers = $2::jsonb, score = $3, passed = $4 WHERE attempt_id = $1 AND submit_time IS NULL
       RETURNING attempt_id`, [a.attempt_id, JSON.stringify(Object.fromEntries(answers)), score, score >= exam.pass_score])).rows[0];
    if (!saved) throw new ApiError('CONFLICT', '答卷状态已变更，请刷新后重试');
    const after = (await tx.query<AttemptRow>(`${ATTEMPT_SELECT} WHERE attempt_id = $1`, [a.attempt_id])).rows[0];
    return ok(await attemptResult(tx, after), '交卷成功');
  }).catch(refused));

  app.get<{ Params: { attemptId: number } }>('/sys-exam/attempt/result/:attemptId', {
    config: { perm: EXAM_PERMS.take },
    schema: { tags, summary: '本人答卷的成绩：得分、是否及格、每题作答与正确答案（交卷后）', params: { type: 'object', required: ['attemptId'], properties: { attemptId: ID('答卷') } } },
  }, async (req) => ok(await req.tenantTx(async (tx) => {
    const a = (await tx.query<AttemptRow>(`${ATTEMPT_SELECT} WHERE attempt_id = $1`, [req.params.attemptId])).rows[0];
    if (!a || a.user_id !== req.auth!.userId) throw new ApiError('NOT_FOUND', '答卷不存在');
    if (!a.submit_time) throw new ApiError('CONFLICT', '尚未交卷，交卷后才能查看成绩与答案');
    return attemptResult(tx, a);
  })));
};
