import { describe, expect, it } from 'vitest';
import { checkSheet, ExamRefusal, normalizeQuestion, scoreAnswers, scoreSumProblem, type ExamQuestion } from './examScoring.ts';

const Q: ExamQuestion[] = [
  { questionId: 11, questionType: 1, options: ['a', 'b', 'c'], answer: 'B', score: 40 },
  { questionId: 12, questionType: 2, options: ['a', 'b', 'c', 'd'], answer: 'ACD', score: 40 },
  { questionId: 13, questionType: 3, options: ['正确', '错误'], answer: 'A', score: 20 },
];
const score = (sheet: { questionId: number; answer: string[] }[]) => scoreAnswers(Q, checkSheet(Q, sheet));

describe('scoring an answer sheet', () => {
  it('gives the full score for every right answer', () => {
    expect(score([{ questionId: 11, answer: ['B'] }, { questionId: 12, answer: ['D', 'a', 'C'] }, { questionId: 13, answer: ['A'] }]).score).toBe(100);
  });

  it('scores multiple choice all-or-nothing: a missing or an extra letter is 0', () => {
    const missing = score([{ questionId: 12, answer: ['A', 'C'] }]);
    expect(missing.score).toBe(0);
    expect(missing.results[1]).toEqual({ questionId: 12, given: 'AC', right: false, got: 0 });
    expect(score([{ questionId: 12, answer: ['A', 'B', 'C', 'D'] }]).score).toBe(0);
  });

  it('counts unanswered questions (left out or empty) as wrong with nothing given', () => {
    const r = score([{ questionId: 11, answer: [] }, { questionId: 13, answer: ['B'] }]);
    expect(r.score).toBe(0);
    expect(r.results.map((x) => x.given)).toEqual(['', '', 'B']);
    expect(r.results.every((x) => !x.right)).toBe(true);
  });

  it('adds single and 判断 right answers only', () => {
    expect(score([{ questionId: 11, answer: ['B'] }, { questionId: 13, answer: ['B'] }]).score).toBe(40);
  });
});

describe('checking an answer sheet', () => {
  it('refuses a question of another exam, an unknown question, an option the question lacks, two letters for single choice, a repeat', () => {
    expect(() => checkSheet(Q, [{ questionId: 99, answer: ['A'] }], new Set([99]))).toThrow('题目 99 属于另一场考试');
    expect(() => checkSheet(Q, [{ questionId: 98, answer: ['A'] }])).toThrow('题目 98 不是本考试的题目');
    expect(() => checkSheet(Q, [{ questionId: 11, answer: ['D'] }])).toThrow('第 1 题的答案「D」不是该题的选项（可选 A-C）');
    expect(() => checkSheet(Q, [{ questionId: 13, answer: ['C'] }])).toThrow('可选 A-B');
    expect(() => checkSheet(Q, [{ questionId: 11, answer: ['A', 'B'] }])).toThrow('第 1 题是单选题，只能选一个答案');
    expect(() => checkSheet(Q, [{ questionId: 11, answer: ['A'] }, { questionId: 11, answer: ['B'] }])).toThrow('第 1 题重复作答');
  });
});

describe('a manager\'s question', () => {
  it('stores options in order and the correct letters sorted; 判断 gets 正确/错误', () => {
    expect(normalizeQuestion({ questionType: 2, stem: ' 多选 ', options: ['x', 'y', 'z'], answer: ['c', 'A'], score: 5 }, 0))
      .toEqual({ questionType: 2, stem: '多选', options: ['x', 'y', 'z'], answer: 'AC', score: 5 });
    expect(normalizeQuestion({ questionType: 3, stem: '对吗', answer: ['B'], score: 5 }, 0).options).toEqual(['正确', '错误']);
  });

  it('refuses by its number: an answer outside the options, no answer, two answers to a single choice, blank or repeated options', () => {
    const bad = (q: Partial<Parameters<typeof normalizeQuestion>[0]>) => () =>
      normalizeQuestion({ questionType: 1, stem: '题', options: ['a', 'b'], answer: ['A'], score: 5, ...q }, 2);
    expect(bad({ answer: ['C'] })).toThrow('第 3 题：正确答案「C」不是该题的选项');
    expect(bad({ answer: [] })).toThrow('第 3 题：请选择正确答案');
    expect(bad({ answer: ['A', 'B'] })).toThrow('单选题只能有一个正确答案');
    expect(bad({ options: ['a', ' '] })).toThrow('选项 B 不能为空');
    expect(bad({ options: ['a', 'a'] })).toThrow('选项 B 与前面的选项重复');
    expect(bad({ options: ['a'] })).toThrow('选项至少 2 个');
    expect(bad({ stem: '  ' })).toThrow(ExamRefusal);
  });

  it('says by how much the scores miss the total', () => {
    expect(scoreSumProblem([40, 40, 20], 100)).toBe('');
    expect(scoreSumProblem([40, 40], 100)).toBe('题目分值合计 80 分，比总分 100 分少 20 分');
    expect(scoreSumProblem([60, 50], 100)).toBe('题目分值合计 110 分，比总分 100 分多 10 分');
  });
});
