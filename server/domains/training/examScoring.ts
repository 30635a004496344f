/**
 * 考试 questions and scoring (pure): how a manager's question is checked and stored, how a person's answer sheet is
 * checked against the exam's questions, and how it is scored. Single choice and 判断 score in full when right;
 * multiple choice is all-or-nothing (exactly the correct letters). The server scores; the browser's score is never read.
 */
export const QUESTION_TYPES = { single: 1, multiple: 2, judge: 3 } as const;
export type QuestionType = 1 | 2 | 3;
export const QUESTION_TYPE_NAMES: Record<QuestionType, string> = { 1: '单选题', 2: '多选题', 3: '判断题' };
/** 判断题's two options, in this order (A 正确, B 错误). */
export const JUDGE_OPTIONS = ['正确', '错误'] as const;
export const MAX_OPTIONS = 8;
/** Seconds after an attempt's deadline a submission is still taken (the browser submits at zero; the network is slow). */
export const SUBMIT_GRACE_SECONDS = 60;

export class ExamRefusal extends Error {}

export const letterOf = (i: number) => String.fromCharCode(65 + i);

/** A question as a manager writes it. */
export interface QuestionInput {
  questionType: QuestionType;
  stem: string;
  options?: string[] | null;
  answer: string[];
  score: number;
}

/** A question as stored: options in order, the correct letters sorted and joined ('AC'). */
export interface StoredQuestion {
  questionType: QuestionType;
  stem: string;
  options: string[];
  answer: string;
  score: number;
}

/** Checks one question (its number in the list names it in the refusal) and gives it its stored form. */
export function normalizeQuestion(q: QuestionInput, index: number): StoredQuestion {
  const at = `第 ${index + 1} 题`;
  const stem = q.stem.trim();
  if (!stem) throw new ExamRefusal(`${at}：题干不能为空`);
  if (![1, 2, 3].includes(q.questionType)) throw new ExamRefusal(`${at}：题型不正确`);
  let options: string[];
  if (q.questionType === QUESTION_TYPES.judge) {
    options = [...JUDGE_OPTIONS];
  } else {
    options = (q.options ?? []).map((o) => o.trim());
    if (options.length < 2) throw new ExamRefusal(`${at}：选项至少 2 个`);
    if (options.length > MAX_OPTIONS) throw new ExamRefusal(`${at}：选项最多 ${MAX_OPTIONS} 个`);
    const blank = options.findIndex((o) => !o);
    if (blank >= 0) throw new ExamRefusal(`${at}：选项 ${letterOf(blank)} 不能为空`);
    const seen = new Set<string>();
    for (const [i, o] of options.entries()) {
      if (seen.has(o)) throw new ExamRefusal(`${at}：选项 ${letterOf(i)} 与前面的选项重复`);
      seen.add(o);
    }
  }
  const answer = sortedLetters(q.answer, options.length, `${at}：正确答案`);
  if (!answer.length) throw new ExamRefusal(`${at}：请选择正确答案`);
  if (q.questionType !== QUESTION_TYPES.multiple && answer.length !== 1) throw new ExamRefusal(`${at}：${QUESTION_TYPE_NAMES[q.questionType]}只能有一个正确答案`);
  if (!Number.isInteger(q.score) || q.score < 1) throw new ExamRefusal(`${at}：分值必须是正整数`);
  return { questionType: q.questionType, stem, options, answer: answer.join(''), score: q.score };
}

/** Letters as a sorted, distinct list, each one of the question's options; the refusal names the bad letter. */
function sortedLetters(letters: string[], optionCount: number, what: string): string[] {
  const out = new Set<string>();
  for (const raw of letters) {
    const l = raw.trim().toUpperCase();
    const i = l.length === 1 ? l.charCodeAt(0) - 65 : -1;
    if (i < 0 || i >= optionCount) throw new ExamRefusal(`${what}「${raw}」不是该题的选项（可选 A-${letterOf(optionCount - 1)}）`);
    out.add(l);
  }
  return [...out].sort();
}

/** The sum of the questions' scores against the exam's total: '' when they agree, else the sentence a manager reads. */
export function scoreSumProblem(scores: number[], totalScore: number): string {
  const sum = scores.reduce((a, b) => a + b, 0);
  if (sum === totalScore) return '';
  return sum < totalScore ? `题目分值合计 ${sum} 分，比总分 ${totalScore} 分少 ${totalScore - sum} 分` : `题目分值合计 ${sum} 分，比总分 ${totalScore} 分多 ${sum - totalScore} 分`;
}

/** A question of the exam being answered. */
export interface ExamQuestion {
  questionId: number;
  questionType: QuestionType;
  options: string[];
  answer: string;
  score: number;
}

/** One answer of a sheet as the browser sends it. */
export interface SheetAnswer {
  questionId: number;
  answer: string[];
}

/**
 * Checks a sheet against the exam's questions: every question id must be one of this exam's (`foreignIds`: ids that
 * exist in another exam, for a clearer refusal), each only once, each letter one of the question's options, one letter
 * for 单选/判断. Unanswered questions may be left out. Answers: question id -> sorted letters ('' when left empty).
 */
export function checkSheet(questions: ExamQuestion[], sheet: SheetAnswer[], foreignIds: ReadonlySet<number> = new Set()): Map<number, string> {
  const byId = new Map(questions.map((q, i) => [q.questionId, { q, no: i + 1 }]));
  const answers = new Map<number, string>();
  for (const a of sheet) {
    const hit = byId.get(a.questionId);
    if (!hit) {
      throw new ExamRefusal(foreignIds.has(a.questionId) ? `answers：题目 ${a.questionId} 属于另一场考试，不能在本考试中作答` : `answers：题目 ${a.questionId} 不是本考试的题目`);
    }
    if (answers.has(a.questionId)) throw new ExamRefusal(`answers：第 ${hit.no} 题重复作答`);
    const letters = sortedLetters(a.answer, hit.q.options.length, `answers：第 ${hit.no} 题的答案`);
    if (hit.q.questionType !== QUESTION_TYPES.multiple && letters.length > 1) throw new ExamRefusal(`answers：第 ${hit.no} 题是${QUESTION_TYPE_NAMES[hit.q.questionType]}，只能选一个答案`);
    answers.set(a.questionId, letters.join(''));
  }
  return answers;
}

export interface QuestionResult {
  questionId: number;
  /** The letters given ('' when unanswered). */
  given: string;
  right: boolean;
  got: number;
}

/** Scores answers (question id -> sorted letters) against the questions: full score when exactly right, else 0. */
export function scoreAnswers(questions: ExamQuestion[], answers: ReadonlyMap<number, string>): { score: number; results: QuestionResult[] } {
  let score = 0;
  const results = questions.map((q) => {
    const given = answers.get(q.questionId) ?? '';
    const right = given !== '' && given === q.answer;
    const got = right ? q.score : 0;
    score += got;
    return { questionId: q.questionId, given, right, got };
  });
  return { score, results };
}
