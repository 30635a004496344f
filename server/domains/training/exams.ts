import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { examQuestions, examResults, saveQuestions } from './examAdmin.ts';
import { ExamRefusal, type QuestionInput, type SheetAnswer, SUBMIT_GRACE_SECONDS } from './examScoring.ts';
import { myAttemptResult, myExams, saveDraft, startAttempt, submitAttempt } from './examTaking.ts';
import { sendXlsx, xlsx } from './sheets.ts';
import { idField } from '../../http/fields.ts';
import type { Req } from '../../resources/access.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';

/**
 * 考试 beyond its header (the header is the descriptor resource sys-exam): its questions, edited by the exam's managers
 * while it is a draft; 我的考试, where a person starts an attempt of a published exam open now, answers within the
 * exam's duration and submits once; and the results per exam for the managers. Scoring is examScoring.ts's, on the
 * server. Taking needs the 我的考试 menu (its path is the permission); managing needs system:exam:*. The handlers
 * validate and call examAdmin.ts (questions, results) and examTaking.ts (我的考试).
 */
export const EXAM_PERMS = { list: 'system:exam:list', edit: 'system:exam:edit', take: '/training/myExam' } as const;

const tags = ['wxy-system-server'];
const refused = (err: unknown): never => {
  if (err instanceof ExamRefusal) throw new ApiError('BAD_REQUEST', err.message);
  return asCallerError(err);
};

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

const sheetBody = {
  type: 'object', additionalProperties: false, required: ['attemptId', 'answers'],
  properties: {
    attemptId: idField('答卷'),
    answers: {
      type: 'array', title: '答案', maxItems: 200,
      items: {
        type: 'object', additionalProperties: false, required: ['questionId', 'answer'],
        properties: { questionId: idField('题目'), answer: { type: 'array', title: '答案', maxItems: 8, items: { type: 'string', title: '答案', maxLength: 2 } } },
      },
    },
  },
} as const;

export const examRoutes = () => async (app: FastifyInstance) => {
  // ---- questions (managers) --------------------------------------------------------------------------------------
  app.get<{ Params: { examId: number } }>('/sys-exam/questions/:examId', {
    config: { perm: EXAM_PERMS.list },
    schema: { tags, summary: '考试的题目（含正确答案），及分值合计与总分是否一致', params: { type: 'object', required: ['examId'], properties: { examId: idField('考试') } } },
  }, async (req) => ok(await req.tenantTx((tx) => examQuestions(tx, req.params.examId))));

  app.put<{ Params: { examId: number }; Body: { questions: QuestionInput[] } }>('/sys-exam/questions/:examId', {
    config: { perm: EXAM_PERMS.edit },
    schema: {
      tags, summary: '保存考试的全部题目（按顺序整体替换；仅草稿可改）：单选、多选、判断，题干、选项、正确答案、分值',
      params: { type: 'object', required: ['examId'], properties: { examId: idField('考试') } }, body: questionBody,
    },
  }, async (req) => req.tenantTx(async (tx) => {
    const saved = await saveQuestions(tx, req.params.examId, req.body.questions);
    return ok(saved, saved.scoreProblem ? `已保存；${saved.scoreProblem}，发布前请调整` : '已保存');
  }).catch(refused));

  // ---- results (managers) ----------------------------------------------------------------------------------------
  // ---- 我的考试 (the person taking) --------------------------------------------------------------------------------
  app.get('/sys-exam/my', {
    config: { perm: EXAM_PERMS.take },
    schema: { tags, summary: '我的考试：现在可参加的已发布考试，以及本人参加过的考试和成绩' },
  }, async (req) => ok(await req.tenantTx((tx) => myExams(tx, req.auth!.userId))));

  app.post<{ Params: { examId: number } }>('/sys-exam/attempt/start/:examId', {
    config: { perm: EXAM_PERMS.take },
    schema: { tags, summary: '开始（或继续）考试：按顺序给出题目（不含答案）并开始计时；每人每场考试限考一次', params: { type: 'object', required: ['examId'], properties: { examId: idField('考试') } } },
  }, async (req) => req.tenantTx(async (tx) => ok(await startAttempt(tx, req.params.examId, req.auth!.userId))).catch(refused));

  app.put<{ Body: { attemptId: number; answers: SheetAnswer[] } }>('/sys-exam/attempt/save', {
    config: { perm: EXAM_PERMS.take },
    schema: { tags, summary: '保存作答进度（不评分；刷新或断网后继续答题时恢复）', body: sheetBody },
  }, async (req) => req.tenantTx(async (tx) => ok({ saved: await saveDraft(tx, req.body.attemptId, req.auth!.userId, req.body.answers) }, '已保存')).catch(refused));

  app.post<{ Body: { attemptId: number; answers: SheetAnswer[] } }>('/sys-exam/attempt/submit', {
    config: { perm: EXAM_PERMS.take },
    schema: {
      tags,
      summary: `交卷：服务器评分（单选、判断答对得全分；多选全对才得分）；超过考试时长 ${SUBMIT_GRACE_SECONDS} 秒后的交卷不被接受；重复交卷返回第一次的成绩`,
      body: sheetBody,
    },
  }, async (req) => req.tenantTx(async (tx) => {
    const { again, result } = await submitAttempt(tx, req.body.attemptId, req.auth!.userId, req.body.answers);
    return ok(result, again ? '已交卷' : '交卷成功');
  }).catch(refused));

  app.get<{ Params: { attemptId: number } }>('/sys-exam/attempt/result/:attemptId', {
    config: { perm: EXAM_PERMS.take },
    schema: { tags, summary: '本人答卷的成绩：得分、是否及格、每题作答与正确答案（交卷后）', params: { type: 'object', required: ['attemptId'], properties: { attemptId: idField('答卷') } } },
  }, async (req) => ok(await req.tenantTx((tx) => myAttemptResult(tx, req.params.attemptId, req.auth!.userId))));
};

// ---- results (managers): routes of the descriptor resource sys-exam (its 成绩 detail and export) ---------------------
const examParams = { type: 'object', required: ['examId'], properties: { examId: idField('考试') } };
const examIdOf = (req: Req) => Number((req.params as { examId: number }).examId);

registerCustomRoute('exam.results', {
  schema: { params: examParams },
  handler: async (req: Req) => ok(await req.tenantTx((tx) => examResults(tx, examIdOf(req)))),
});

registerCustomRoute('exam.resultsExport', {
  schema: { params: examParams },
  handler: async (req: Req, reply) => {
    const r = await req.tenantTx((tx) => examResults(tx, examIdOf(req)));
    if (!r.records.length) throw new ApiError('BAD_REQUEST', '暂无考试记录');
    return sendXlsx(reply, `考试成绩_${r.examName}.xlsx`, await xlsx('考试成绩', ['姓名', '账号', '门店', '开始时间', '交卷时间', '用时（分钟）', '得分', '是否及格', '状态'],
      r.records.map((x) => [x.name, x.userName, x.shopName, x.startTime, x.submitTime, x.usedMinutes, x.score, x.passedName ?? '', x.stateName])));
  },
});
