import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, headerOf, type Caller, type Json } from './resourceCalls.ts';

/**
 * 考试 (wxy-system-server sys-exam): questions edited while a draft only, publishing refused without questions or
 * with scores that miss the total, 我的考试 (start, answer, submit once, scored by the server, late submissions
 * refused), results for the managers, tenant isolation and who may do what.
 */
const ex = (p: string) => `wxy-system-server/sys-exam/${p}`;
let s: TestServer;
let admin: Caller;
let admin2: Caller;
let shop: Caller;
let manager: Caller;
let finance: Caller;
let adminToken: string;

async function q<T = Json>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await s.db.tenant(1, (tx) => tx.query<T>(sql, params))).rows;
}

const QUESTIONS = [
  { questionType: 1, stem: '收银找零应当？', options: ['唱收唱付', '默默找零', '让顾客自取'], answer: ['A'], score: 40 },
  { questionType: 2, stem: '交班必须？', options: ['点钞', '核对汇总', '带走备用金'], answer: ['A', 'B'], score: 40 },
  { questionType: 3, stem: '退货必须核对小票。', answer: ['A'], score: 20 },
];

/** A draft exam of 100 分 with QUESTIONS (open without start and end), published unless told. */
async function examWithQuestions(name: string, publish = true, extra: Json = {}): Promise<number> {
  const add = await admin('POST', ex('add'), { examName: name, examType: 1, totalScore: 100, passScore: 60, duration: 30, ...extra });
  expect(add.status, add.body).toBe(200);
  const id = add.json.data.id as number;
  const saved = await admin('PUT', ex(`questions/${id}`), { questions: QUESTIONS });
  expect(saved.status, saved.body).toBe(200);
  if (publish) expect((await admin('PUT', ex(`edit/status/${id}/1`))).status).toBe(200);
  return id;
}

beforeAll(async () => {
  s = await startTestServer();
  const [a, a2, sh, m, f] = await Promise.all([
    s.login('admin', 'admin123'), s.login('admin', 'admin123', 2), s.login('shop01', 'shop123'), s.login('manager01', 'manager123'), s.login('finance01', 'finance123'),
  ]);
  adminToken = a;
  admin = callerFor(s, a);
  admin2 = callerFor(s, a2, 2);
  shop = callerFor(s, sh);
  manager = callerFor(s, m);
  finance = callerFor(s, f);
}, 180_000);
afterAll(async () => s?.stop());

describe('demo data', () => {
  it('shop01 sees 收银与商品知识测验 open with its 8 questions; its results show manager01 passed with 75', async () => {
    const mine = (await shop('GET', ex('my'))).json.data as Json[];
    const open = mine.find((e) => e.examName === '收银与商品知识测验')!;
    expect(open).toMatchObject({ open: true, questionCount: 8, totalScore: 100, state: 'none' });
    const results = (await admin('GET', ex(`results/${open.examId}`))).json.data;
    expect(results.records).toEqual([expect.objectContaining({ name: '店长01', score: 75, passed: true, passedName: '及格', stateName: '已交卷' })]);
    expect(results).toMatchObject({ finishedCount: 1, passedCount: 1, passRate: 100 });
    const qs = (await admin('GET', ex(`questions/${open.examId}`))).json.data;
    expect(qs).toMatchObject({ scoreSum: 100, scoreProblem: '', editable: false });
  });
});

describe('questions (managers)', () => {
  it('refuses publishing without questions or when the scores miss the total, saying by how much', async () => {
    const id = (await admin('POST', ex('add'), { examName: '分值校验', examType: 1, totalScore: 50, passScore: 30, duration: 10 })).json.data.id;
    const empty = await admin('PUT', ex(`edit/status/${id}/1`));
    expect(empty.status).toBe(400);
    expect(empty.json.msg).toBe('考试「分值校验」还没有题目，不能发布');
    const short = await admin('PUT', ex(`questions/${id}`), { questions: QUESTIONS.slice(0, 1) });
    expect(short.json.msg).toBe('已保存；题目分值合计 40 分，比总分 50 分少 10 分，发布前请调整');
    const refused = await admin('PUT', ex(`edit/status/${id}/1`));
    expect(refused.status).toBe(400);
    expect(refused.json.msg).toBe('题目分值合计 40 分，与总分 50 分相差 10 分，不能发布');
    expect((await admin('GET', ex(`info/${id}`))).json.data.status).toBe(0);
    await admin('PUT', ex(`questions/${id}`), { questions: [QUESTIONS[0], { ...QUESTIONS[2], score: 20 }] });
    expect((await admin('PUT', ex(`edit/status/${id}/1`))).json.msg).toContain('多出 10 分');
    await admin('PUT', ex(`questions/${id}`), { questions: [QUESTIONS[0], { ...QUESTIONS[2], score: 10 }] });
    expect((await admin('PUT', ex(`edit/status/${id}/1`))).status).toBe(200);
  });

  it('stores and answers the questions in order; refuses a bad question by its number, writing nothing', async () => {
    const id = await examWithQuestions('题目编辑', false);
    const got = (await admin('GET', ex(`questions/${id}`))).json.data;
    expect(got.questions.map((x: Json) => [x.questionType, x.answer.join(''), x.options.length])).toEqual([[1, 'A', 3], [2, 'AB', 3], [3, 'A', 2]]);
    const bad = await admin('PUT', ex(`questions/${id}`), { questions: [QUESTIONS[0], { ...QUESTIONS[1], answer: ['A', 'E'] }] });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe('第 2 题：正确答案「E」不是该题的选项（可选 A-C）');
    const single = await admin('PUT', ex(`questions/${id}`), { questions: [{ ...QUESTIONS[0], answer: ['A', 'B'] }] });
    expect(single.json.msg).toBe('第 1 题：单选题只能有一个正确答案');
    expect((await admin('GET', ex(`questions/${id}`))).json.data.questions).toHaveLength(3);
  });

  it('refuses editing questions and the total once published', async () => {
    const id = await examWithQuestions('发布后锁定');
    const edit = await admin('PUT', ex(`questions/${id}`), { questions: QUESTIONS });
    expect(edit.status).toBe(409);
    expect(edit.json.msg).toBe('考试「发布后锁定」已发布，题目不能再修改');
    const total = await admin('PUT', ex('edit'), { id, totalScore: 120 });
    expect(total.status).toBe(400);
    expect(total.json.msg).toBe('考试已发布，不能修改总分');
  });

  it('is refused to shop01 and hidden from another tenant', async () => {
    const id = await examWithQuestions('权限与租户', false);
    expect((await shop('GET', ex(`questions/${id}`))).json.code).toBe(4030);
    expect((await shop('PUT', ex(`questions/${id}`), { questions: QUESTIONS })).json.code).toBe(4030);
    expect((await shop('GET', ex(`results/${id}`))).json.code).toBe(4030);
    expect((await admin2('GET', ex(`questions/${id}`))).status).toBe(404);
    expect((await admin2('PUT', ex(`questions/${id}`), { questions: QUESTIONS })).status).toBe(404);
    expect((await admin2('GET', ex(`results/${id}`))).status).toBe(404);
  });
});

describe('taking an exam (我的考试)', () => {
  it('starts without the answers, scores on the server, answers a resent 交卷 with the first result, allows one attempt', async () => {
    const id = await examWithQuestions('开考评分');
    const mine = (await shop('GET', ex('my'))).json.data as Json[];
    expect(mine.find((e) => e.examId === id)).toMatchObject({ open: true, state: 'none', questionCount: 3 });
    const start = await shop('POST', ex(`attempt/start/${id}`));
    expect(start.status, start.body).toBe(200);
    const sheet = start.json.data;
    expect(sheet.questions.map((x: Json) => x.no)).toEqual([1, 2, 3]);
    expect(JSON.stringify(sheet.questions)).not.toContain('"answer"');
    expect(sheet.secondsLeft).toBeGreaterThan(29 * 60);
    // A double click on 开始考试 resumes the same attempt.
    expect((await shop('POST', ex(`attempt/start/${id}`))).json.data.attemptId).toBe(sheet.attemptId);
    const [q1, q2] = sheet.questions as Json[];
    // Single right (40), multiple with a letter missing (0), 判断 unanswered (0): 40 分, 不及格, whatever score the browser claims.
    const body = { attemptId: sheet.attemptId, answers: [{ questionId: q1.questionId, answer: ['A'] }, { questionId: q2.questionId, answer: ['A'] }], score: 100, passed: true };
    const first = await shop('POST', ex('attempt/submit'), body);
    expect(first.status, first.body).toBe(200);
    expect(first.json.data).toMatchObject({ score: 40, passed: false, wrongCount: 2 });
    expect(first.json.data.questions[1]).toMatchObject({ given: 'A', answer: 'AB', right: false, got: 0 });
    // Resent with other answers: the first result stands.
    const again = await shop('POST', ex('attempt/submit'), { attemptId: sheet.attemptId, answers: [{ questionId: q2.questionId, answer: ['A', 'B'] }] });
    expect(again.json.data).toMatchObject({ score: 40, submitTime: first.json.data.submitTime });
    const restart = await shop('POST', ex(`attempt/start/${id}`));
    expect(restart.status).toBe(409);
    expect(restart.json.msg).toBe('您已参加过考试「开考评分」（得分 40 分），每人限考一次');
    expect((await shop('GET', ex(`attempt/result/${sheet.attemptId}`))).json.data.score).toBe(40);
    // Somebody else's answer sheet is not there for manager01.
    expect((await manager('GET', ex(`attempt/result/${sheet.attemptId}`))).status).toBe(404);
    const results = (await admin('GET', ex(`results/${id}`))).json.data;
    expect(results.records).toEqual([expect.objectContaining({ name: '门店店员01', score: 40, passed: false, stateName: '已交卷' })]);
    expect(results.passRate).toBe(0);
    const xlsx = await s.app.inject({ method: 'GET', url: `/api/${ex(`results/${id}/export`)}`, headers: { authorization: `Bearer ${adminToken}`, 'x-tenant-id': '1' } });
    expect(xlsx.statusCode).toBe(200);
    expect(await headerOf(xlsx.rawPayload)).toEqual(['姓名', '账号', '门店', '开始时间', '交卷时间', '用时（分钟）', '得分', '是否及格', '状态']);
    // Attempted: it does not go back to draft, nor is it deleted.
    expect((await admin('PUT', ex(`edit/status/${id}/0`))).json.msg).toBe('已有人参加考试「开考评分」，不能退回草稿');
    expect((await admin('DELETE', ex(`delete/${id}`))).status).toBe(409);
  });

  it('keeps the answers while answering (a reload resumes with them), checks them, and takes none after 交卷', async () => {
    const id = await examWithQuestions('作答保存');
    const sheet = (await finance('POST', ex(`attempt/start/${id}`))).json.data;
    expect(sheet.answers).toEqual({});
    const [q1, q2] = sheet.questions as Json[];
    const saved = await finance('PUT', ex('attempt/save'), { attemptId: sheet.attemptId, answers: [{ questionId: q1.questionId, answer: ['B'] }, { questionId: q2.questionId, answer: ['B', 'A'] }] });
    expect(saved.status, saved.body).toBe(200);
    const resumed = (await finance('POST', ex(`attempt/start/${id}`))).json.data;
    expect(resumed.answers).toEqual({ [q1.questionId]: ['B'], [q2.questionId]: ['A', 'B'] });
    expect((await finance('PUT', ex('attempt/save'), { attemptId: sheet.attemptId, answers: [{ questionId: q1.questionId, answer: ['Z'] }] })).json.msg)
      .toBe('answers：第 1 题的答案「Z」不是该题的选项（可选 A-C）');
    // Saving never scores: 交卷 scores what it is sent.
    expect((await q(`SELECT score, submit_time FROM sys_exam_attempt WHERE attempt_id = $1`, [sheet.attemptId]))[0]).toEqual({ score: null, submit_time: null });
    await finance('POST', ex('attempt/submit'), { attemptId: sheet.attemptId, answers: [{ questionId: q2.questionId, answer: ['A', 'B'] }] });
    const late = await finance('PUT', ex('attempt/save'), { attemptId: sheet.attemptId, answers: [] });
    expect(late.status).toBe(409);
    expect(late.json.msg).toBe('已交卷，不能再修改答案');
    expect((await shop('PUT', ex('attempt/save'), { attemptId: sheet.attemptId, answers: [] })).status).toBe(404);
  });

  it('a full score passes; double 交卷 at the same moment records one result', async () => {
    const id = await examWithQuestions('满分并发');
    const sheet = (await manager('POST', ex(`attempt/start/${id}`))).json.data;
    const answers = (sheet.questions as Json[]).map((x, i) => ({ questionId: x.questionId, answer: [['A'], ['B', 'A'], ['A']][i] }));
    const both = await Promise.all([manager('POST', ex('attempt/submit'), { attemptId: sheet.attemptId, answers }), manager('POST', ex('attempt/submit'), { attemptId: sheet.attemptId, answers })]);
    for (const r of both) expect(r.json.data).toMatchObject({ score: 100, passed: true, wrongCount: 0 });
    expect(both[0].json.data.submitTime).toBe(both[1].json.data.submitTime);
  });

  it('refuses bad answers naming them, writing nothing: unknown question, another exam\'s question, an option the question lacks', async () => {
    const id = await examWithQuestions('坏答卷');
    const otherId = await examWithQuestions('另一场');
    const foreign = (await admin('GET', ex(`questions/${otherId}`))).json.data.questions[0].questionId;
    const sheet = (await finance('POST', ex(`attempt/start/${id}`))).json.data;
    const q1 = sheet.questions[0].questionId;
    const cases: [Json[], string][] = [
      [[{ questionId: 2_000_000_000, answer: ['A'] }], 'answers：题目 2000000000 不是本考试的题目'],
      [[{ questionId: foreign, answer: ['A'] }], `answers：题目 ${foreign} 属于另一场考试，不能在本考试中作答`],
      [[{ questionId: q1, answer: ['D'] }], 'answers：第 1 题的答案「D」不是该题的选项（可选 A-C）'],
      [[{ questionId: q1, answer: ['A', 'B'] }], 'answers：第 1 题是单选题，只能选一个答案'],
    ];
    for (const [answers, msg] of cases) {
      const r = await finance('POST', ex('attempt/submit'), { attemptId: sheet.attemptId, answers });
      expect(r.status, msg).toBe(400);
      expect(r.json.msg).toBe(msg);
    }
    expect((await q(`SELECT submit_time FROM sys_exam_attempt WHERE attempt_id = $1`, [sheet.attemptId]))[0].submit_time).toBeNull();
    // Another person's attempt is as absent as a missing one.
    expect((await shop('POST', ex('attempt/submit'), { attemptId: sheet.attemptId, answers: [] })).status).toBe(404);
  });

  it('refuses a submission after the time limit and its grace; the attempt counts 0 分 超时未交卷', async () => {
    const id = await examWithQuestions('超时交卷');
    const sheet = (await shop('POST', ex(`attempt/start/${id}`))).json.data;
    await q(`UPDATE sys_exam_attempt SET start_time = now() - interval '32 minutes', deadline = now() - interval '2 minutes' WHERE attempt_id = $1`, [sheet.attemptId]);
    const late = await shop('POST', ex('attempt/submit'), { attemptId: sheet.attemptId, answers: [{ questionId: sheet.questions[0].questionId, answer: ['A'] }] });
    expect(late.status).toBe(409);
    expect(late.json.msg).toMatch(/^答题时间已到（截止 .+），本次交卷未被接受$/);
    expect((await shop('POST', ex(`attempt/start/${id}`))).json.msg).toBe('考试「超时交卷」的答题时间已到，未交卷');
    const results = (await admin('GET', ex(`results/${id}`))).json.data;
    expect(results.records[0]).toMatchObject({ name: '门店店员01', score: 0, passed: false, stateName: '超时未交卷' });
  });

  it('a submission within the grace after the deadline is taken', async () => {
    const id = await examWithQuestions('宽限交卷');
    const sheet = (await finance('POST', ex(`attempt/start/${id}`))).json.data;
    await q(`UPDATE sys_exam_attempt SET deadline = now() - interval '10 seconds' WHERE attempt_id = $1`, [sheet.attemptId]);
    const r = await finance('POST', ex('attempt/submit'), { attemptId: sheet.attemptId, answers: [{ questionId: sheet.questions[2].questionId, answer: ['A'] }] });
    expect(r.json.data).toMatchObject({ score: 20, passed: false });
  });

  it('refuses a draft, a not yet started and an ended exam; another tenant\'s exam is not there', async () => {
    const draft = await examWithQuestions('草稿不能考', false);
    expect((await shop('POST', ex(`attempt/start/${draft}`))).json.msg).toBe('考试「草稿不能考」尚未发布');
    const later = await examWithQuestions('尚未开始', true, { startTime: '2099-01-01 09:00:00', endTime: '2099-01-02 09:00:00' });
    expect((await shop('POST', ex(`attempt/start/${later}`))).json.msg).toBe('考试「尚未开始」尚未开始');
    const past = await examWithQuestions('已过期', true, { startTime: '2020-01-01 09:00:00', endTime: '2020-01-02 09:00:00' });
    expect((await shop('POST', ex(`attempt/start/${past}`))).json.msg).toBe('考试「已过期」已结束');
    const mine = ((await shop('GET', ex('my'))).json.data as Json[]).map((e) => e.examId);
    expect(mine).not.toContain(draft);
    expect(mine).not.toContain(later);
    expect(mine).not.toContain(past);
    const open = await examWithQuestions('租户隔离考试');
    expect((await admin2('POST', ex(`attempt/start/${open}`))).status).toBe(404);
    expect(((await admin2('GET', ex('my'))).json.data as Json[]).map((e) => e.examName)).not.toContain('租户隔离考试');
  });

  it('needs the 我的考试 menu: without its grant shop01 is refused', async () => {
    const removed = await q(`DELETE FROM sys_role_menu rm USING sys_menu m, sys_role r
      WHERE rm.menu_id = m.id AND rm.role_id = r.id AND m.path = '/training/myExam' AND r.code = 'shop_staff' RETURNING rm.role_id, rm.menu_id`);
    expect(removed).toHaveLength(1);
    try {
      expect((await shop('GET', ex('my'))).json.code).toBe(4030);
      expect((await shop('POST', ex('attempt/submit'), { attemptId: 1, answers: [] })).json.code).toBe(4030);
    } finally {
      await q(`INSERT INTO sys_role_menu (tenant_id, role_id, menu_id) VALUES (1, $1, $2)`, [removed[0].role_id, removed[0].menu_id]);
    }
    expect((await shop('GET', ex('my'))).status).toBe(200);
  });
});
