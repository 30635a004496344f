import type { Database } from '../index.ts';
import { normalizeQuestion, scoreAnswers, type QuestionInput } from '../../domains/training/index.ts';

/**
 * 考试 demo: a bank of eight questions (product knowledge and cash-register rules, 100 分) given to every demo exam of
 * 100 分 that has none, and 收银与商品知识测验, published and open from a week ago to a month ahead, so shop01 can take it
 * from 我的考试; manager01 has already taken it (two wrong, 75 分, 及格) so its results list shows someone.
 */
export const DEMO_OPEN_EXAM = '收银与商品知识测验';

const BANK: QuestionInput[] = [
  { questionType: 1, stem: '顾客用现金支付 87.5 元，递给收银员 100 元，应找零多少？', options: ['12.5 元', '13.5 元', '22.5 元', '2.5 元'], answer: ['A'], score: 15 },
  { questionType: 1, stem: '收银台开班前首先应做的是？', options: ['直接开始收款', '清点备用金并登记', '打印昨日报表', '关闭钱箱'], answer: ['B'], score: 15 },
  { questionType: 1, stem: '临期商品（距保质期不足 1/3）应如何处理？', options: ['与正常商品混放', '下架丢弃', '按门店规定集中陈列并标识', '藏在仓库'], answer: ['C'], score: 15 },
  { questionType: 1, stem: '会员结账时，积分按什么计算？', options: ['按商品数量', '按实付金额', '按原价金额', '按购物次数'], answer: ['B'], score: 15 },
  { questionType: 2, stem: '以下哪些是收银员交班时必须完成的？', options: ['清点钱箱现金', '核对支付方式汇总', '填写交班记录', '带走备用金'], answer: ['A', 'B', 'C'], score: 10 },
  { questionType: 2, stem: '生鲜商品陈列应遵循哪些原则？', options: ['先进先出', '整齐丰满', '价签与商品对应', '越高越好'], answer: ['A', 'B', 'C'], score: 10 },
  { questionType: 3, stem: '顾客退货时，收银员可以不核对原小票直接退款。', answer: ['B'], score: 10 },
  { questionType: 3, stem: '发现假币时应礼貌拒收并请顾客更换。', answer: ['A'], score: 10 },
];
/** manager01's sheet for the open exam: questions 2 and 5 wrong. */
const MANAGER_SHEET = ['A', 'C', 'C', 'B', 'AB', 'ABC', 'B', 'A'];

export async function seedExamDemo(db: Database, tenantId: number): Promise<void> {
  const stored = BANK.map((q, i) => normalizeQuestion(q, i));
  await db.tenant(tenantId, async (tx) => {
    const insertBank = (examIds: number[]) => tx.query(
      `INSERT INTO sys_exam_question (tenant_id, exam_id, sort, question_type, stem, options, answer, score)
       SELECT app_current_tenant(), e.id, x.i, x.t, x.stem, x.opts::jsonb, x.answer, x.score
         FROM unnest($1::int[]) AS e(id)
         CROSS JOIN unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[]) WITH ORDINALITY AS x(t, stem, opts, answer, score, i)`,
      [examIds, stored.map((q) => q.questionType), stored.map((q) => q.stem), stored.map((q) => JSON.stringify(q.options)), stored.map((q) => q.answer), stored.map((q) => q.score)]);
    const bare = (await tx.query<{ id: number }>(
      `SELECT id FROM sys_exam e WHERE total_score = 100 AND NOT EXISTS (SELECT 1 FROM sys_exam_question q WHERE q.exam_id = e.id) ORDER BY id`)).rows.map((r) => r.id);
    if (bare.length) await insertBank(bare);

    if ((await tx.query(`SELECT 1 FROM sys_exam WHERE exam_name = $1`, [DEMO_OPEN_EXAM])).rows.length) return;
    const examId = (await tx.query<{ id: number }>(
      `INSERT INTO sys_exam (tenant_id, exam_name, exam_type, total_score, pass_score, duration, start_time, end_time, status, introduction)
       VALUES (app_current_tenant(), $1, 2, 100, 60, 20, date_trunc('day', now()) - interval '7 days', date_trunc('day', now()) + interval '30 days 18 hours', 0,
               '共 8 题，20 分钟，60 分及格；每人限考一次。')
       RETURNING id`, [DEMO_OPEN_EXAM])).rows[0].id;
    await insertBank([examId]);
    // Published through the same rule a manager's 发布 meets (questions adding up to the total).
    await tx.query(`UPDATE sys_exam SET status = 1 WHERE id = $1`, [examId]);

    const manager = (await tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'manager01'`)).rows[0];
    if (!manager) return;
    const questions = (await tx.query<{ questionId: number; questionType: 1 | 2 | 3; options: string[]; answer: string; score: number }>(
      `SELECT question_id AS "questionId", question_type AS "questionType", options, answer, score FROM sys_exam_question WHERE exam_id = $1 ORDER BY sort`, [examId])).rows;
    const answers = new Map(questions.map((q, i) => [q.questionId, MANAGER_SHEET[i]]));
    const { score } = scoreAnswers(questions, answers);
    await tx.query(
      `INSERT INTO sys_exam_attempt (tenant_id, exam_id, user_id, start_time, deadline, submit_time, answers, score, passed)
       VALUES (app_current_tenant(), $1, $2, now() - interval '1 day 12 minutes', now() - interval '1 day 12 minutes' + interval '20 minutes', now() - interval '1 day',
               $3::jsonb, $4, $5)`,
      [examId, manager.id, JSON.stringify(Object.fromEntries(answers)), score, score >= 60]);
  });
}
